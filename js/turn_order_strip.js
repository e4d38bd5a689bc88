// @ts-check
// TurnOrderStrip: the round, the order of play as chips, and the buttons that run a turn.
import { button, field, h } from "./lib/dom.js";
import { frame } from "./lib/frame.js";
import { command, initialize, watch } from "./lib/sync.js";

/**
 * @import { AnyModel, AnyWidget, RenderProps } from "@anywidget/types"
 * @import { ChipState, Controls, TurnOrderStripTraits } from "./lib/types.js"
 */

/**
 * The badges of one combatant's chip, from its synced record (see TurnOrderStrip._record).
 * @param {Partial<ChipState>} state
 * @param {number} round
 */
function badges(state, round) {
  /** @type {Array<[string, string]>} */
  const out = [];
  if (state.group) out.push(["group", "group"]);
  if (!state.aware) out.push(["unaware", "unaware"]);
  if (state.acted === round && round > 0) out.push(["acted", "acted"]);
  if (state.delaying) out.push(["delaying", "delaying"]);
  if (state.out) out.push(["out", "out of the fight"]);
  if (state.defending) out.push(["defending", `${state.defending}s ×${state.defended}`]);
  for (const [lostRound, reason] of state.lost ?? []) {
    if (lostRound >= round) out.push(["lost", `round ${lostRound} turn spent: ${reason}`]);
  }
  return out;
}

/**
 * Initiative systems: [initiative text, filled pips, all pips] ("step 12", 2, 4).
 * @param {Partial<ChipState>} state
 * @param {number} round
 * @param {Controls} controls
 * @returns {[string | null, number, number] | null}
 */
function initiative(state, round, controls) {
  if (state.initiative === undefined) return null;
  let text = null;
  if (state.initiative !== null) {
    text = controls.delay_to_step ? `step ${state.initiative}` : `initiative ${state.initiative}`;
    if (state.delayed_to !== null && state.delayed_to !== undefined) text = `delayed to step ${state.delayed_to}`;
  } else if (controls.delay_to_step) {
    text = "no step yet";
  }
  const max = state.ap_max ?? 0;
  const acted = state.acted === round && round > 0;
  const left = state.ap ?? (acted ? 0 : max);
  return [text, left, max];
}

/**
 * @param {number} left
 * @param {number} max
 */
function pips(left, max) {
  const dots = Array.from({ length: max }, (_, i) => h("span", { class: `bpb-pip${i < left ? " bpb-filled" : ""}` }));
  return h(
    "span",
    { class: "bpb-pips", role: "img", "aria-label": `${left} of ${max} AP left`, title: `${left} of ${max} AP left` },
    ...dots,
  );
}

/**
 * @param {HTMLLIElement} chip
 * @param {string} name
 * @param {Partial<ChipState>} state
 * @param {AnyModel<TurnOrderStripTraits>} model
 */
function paintChip(chip, name, state, model) {
  const round = model.get("round");
  const current = model.get("current") === name;
  const marks = badges(state, round);
  const steps = initiative(state, round, model.get("controls"));
  const signature = JSON.stringify([current, marks, steps]);
  if (chip.dataset.signature === signature) return;
  chip.dataset.signature = signature;
  chip.classList.toggle("bpb-current", current);
  chip.classList.toggle("bpb-done", state.acted === round && round > 0);
  if (current) chip.setAttribute("aria-current", "true");
  else chip.removeAttribute("aria-current");
  const parts = [h("span", { class: "bpb-chip-name", text: name })];
  if (steps?.[0]) {
    const delayed = state.delayed_to !== null && state.delayed_to !== undefined;
    parts.push(h("span", { class: `bpb-initiative${delayed ? " bpb-delayed" : ""}`, text: steps[0] }));
  }
  if (steps?.[2]) parts.push(pips(steps[1], steps[2]));
  for (const [kind, label] of marks) parts.push(h("span", { class: `bpb-badge bpb-${kind}`, text: label }));
  if (state.delaying) {
    parts.push(
      button("Take delayed turn", () => command(model, "take_delayed", { name }), {
        cls: "bpb-small",
        title: `${name} takes the delayed turn now`,
      }),
    );
  }
  chip.replaceChildren(...parts);
}

/** @param {RenderProps<TurnOrderStripTraits>} props */
function render({ model, el }) {
  /** @param {string} cmd */
  const run = (cmd) => () => command(model, cmd);
  const controls = model.get("controls");
  const stepInput = h("input", { type: "number", min: "1", max: "18", value: "18", "aria-label": "Step to delay to" });
  const apInput = h("input", { type: "number", min: "1", value: "1", "aria-label": "AP to spend" });
  const delay = controls.delay_to_step
    ? () => command(model, "delay", { to: Number.parseInt(stepInput.value, 10) || null })
    : run("delay");
  const spend = () => command(model, "spend_ap", { ap: Number.parseInt(apInput.value, 10) || 1 });
  const keys = { s: run("start"), e: run("end_turn"), d: delay, u: run("undo"), r: run("redo") };
  if (controls.ap_dice) Object.assign(keys, { a: run("roll_ap"), p: spend });
  const { body, cleanup } = frame(el, model, { title: "Order of play", cls: "bpb-strip", keys });
  const heading = h("p", { class: "bpb-round" });
  const chips = h("ol", { class: "bpb-chips", "aria-label": "Order of play" });
  const environment = h("li", { class: "bpb-chip bpb-environment" });
  const revisions = h("ul", { class: "bpb-revisions", "aria-label": "Order revised" });
  const start = button("Start", run("start"), { key: "s" });
  const rollOrder = button(controls.roll_order, run("roll_order"), { title: controls.roll_order_help });
  const rollAp = button("Roll AP", run("roll_ap"), {
    key: "a",
    title: "AgB d10s for whoever's turn it is: each 5+ is 1 AP, plus 1 (A)",
  });
  const spendAp = button("Spend AP", spend, { key: "p" });
  const turnOnly = controls.ap_dice ? [rollAp, h("span", { class: "bpb-inline" }, field("AP", apInput), spendAp)] : [];
  const undo = button("Undo", run("undo"), { key: "u" });
  const redo = button("Redo", run("redo"), { key: "r" });
  const buttons = h(
    "div",
    { class: "bpb-controls" },
    rollOrder,
    start,
    ...turnOnly,
    button("End turn", run("end_turn"), { key: "e", cls: "bpb-primary" }),
    controls.delay_to_step
      ? h("span", { class: "bpb-inline" }, field("Step", stepInput), button("Delay to step…", delay, { key: "d" }))
      : button("Delay", delay, { key: "d" }),
    undo,
    redo,
  );
  const apKeys = controls.ap_dice ? " · A roll AP · P spend AP" : "";
  const hint = h("p", {
    class: "bpb-hint",
    text: `Keys: S start · E end turn · D delay${apKeys} · U undo · R redo · Alt+arrow moves a chip (or drag it)`,
  });
  body.append(heading, chips, revisions, buttons, hint);

  /** @type {Map<string, HTMLLIElement>} */
  const byName = new Map();
  /** @type {string | null | undefined} */
  let lastCurrent;
  /** @type {string | null} */
  let dragged = null;

  /**
   * @param {string} name
   * @param {number} target
   */
  const move = (name, target) => {
    const order = model.get("order").filter((other) => other !== name);
    order.splice(Math.max(0, Math.min(target, order.length)), 0, name);
    command(model, "set_order", { names: order });
  };

  /** @param {string} name */
  const chipFor = (name) => {
    let chip = byName.get(name);
    if (chip) return chip;
    chip = h("li", { class: "bpb-chip", tabindex: "0", draggable: "true", "data-name": name });
    chip.addEventListener("keydown", (event) => {
      const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
      if (!step) return;
      event.preventDefault();
      event.stopPropagation();
      const index = model.get("order").indexOf(name);
      if (event.altKey) move(name, index + step);
      else byName.get(model.get("order")[index + step])?.focus();
    });
    chip.addEventListener("dragstart", (event) => {
      dragged = name;
      if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
    });
    chip.addEventListener("dragover", (event) => event.preventDefault());
    chip.addEventListener("drop", (event) => {
      event.preventDefault();
      if (dragged && dragged !== name) move(dragged, model.get("order").indexOf(name));
      dragged = null;
    });
    byName.set(name, chip);
    return chip;
  };

  const paint = () => {
    const round = model.get("round");
    const current = model.get("current");
    const order = model.get("order");
    const states = model.get("states");
    const turn = current ? ` · ${current}'s turn` : " · the environment acts";
    heading.textContent = round > 0 ? `Round ${round}${turn}` : "Not started";
    start.hidden = rollOrder.hidden = round > 0;
    for (const control of turnOnly) control.hidden = round === 0;
    /** @type {Partial<ChipState>} */
    const now = (current === null ? undefined : states[current]) ?? {};
    rollAp.disabled = !current || now.ap_max !== null;
    spendAp.disabled = !current || now.ap === null || now.ap === undefined;
    if (controls.delay_to_step && current !== lastCurrent) {
      lastCurrent = current;
      // suggest the next step after the current one; the GM's own choice is kept while typing
      if (now.initiative && document.activeElement !== stepInput)
        stepInput.value = String(Math.min(18, now.initiative + 1));
    }
    undo.disabled = !model.get("can_undo");
    redo.disabled = !model.get("can_redo");
    /** @type {HTMLElement | null | undefined} */
    const chipWithFocus = document.activeElement?.closest?.(".bpb-chip");
    const focused = chipWithFocus?.dataset.name;
    // paint first (a new chip is still detached, so that costs no style work), then place: all at
    // once on the first paint (one insertion for 500 chips), else only the chips that moved
    const wanted = order.map(chipFor);
    wanted.forEach((chip, index) => {
      paintChip(chip, order[index], states[order[index]] ?? {}, model);
    });
    if (!chips.firstChild) chips.append(...wanted);
    wanted.forEach((chip, index) => {
      if (chips.children[index] !== chip) chips.insertBefore(chip, chips.children[index] ?? null);
    });
    const present = new Set(order);
    for (const [name, chip] of byName) {
      if (!present.has(name)) {
        chip.remove();
        byName.delete(name);
      }
    }
    const notes = model.get("environment");
    environment.replaceChildren(
      h("span", { class: "bpb-chip-name", text: "Environment" }),
      ...notes.map((note) => h("span", { class: "bpb-badge", text: note })),
    );
    chips.append(environment);
    revisions.replaceChildren(...model.get("revisions").map((text) => h("li", { text: `Next round: ${text}` })));
    const focusedChip = focused ? byName.get(focused) : undefined;
    if (focusedChip && !focusedChip.contains(document.activeElement)) {
      focusedChip.focus();
    }
  };
  const stop = watch(
    model,
    ["round", "current", "order", "states", "environment", "revisions", "can_undo", "can_redo"],
    paint,
  );
  return () => {
    stop();
    cleanup();
  };
}

export default /** @satisfies {AnyWidget<TurnOrderStripTraits>} */ ({ initialize, render });
