// @ts-check
// The order of play: the round, whose turn it is, every combatant as a chip (and why anyone is
// skipped), and the buttons that run a turn. Dragging chips (or Alt+arrow keys) declares the order:
// before the fight at once, during it as a draft applied from the next round.
import { button, field, h, redraw, setText } from "../lib/dom.js";
import { frame } from "../lib/frame.js";
import { command, watch } from "../lib/sync.js";

/**
 * @import { ChipState, ModelLike, StripState, Traits } from "../lib/types.js"
 */

/**
 * The badges of one combatant's chip: [kind, text, tooltip].
 * @param {ChipState} state
 * @param {number} round
 * @returns {Array<[string, string, string]>}
 */
function badges(state, round) {
  /** @type {Array<[string, string, string]>} */
  const out = [];
  if (state.group) out.push(["group", "group", "henchmen sharing one turn"]);
  if (state.acted === round && round > 0) out.push(["acted", "acted", "has taken this round's turn"]);
  if (state.delaying) out.push(["delaying", "delaying", "holds a delayed turn"]);
  if (state.defending)
    out.push(["defending", `${state.defending}s ×${state.defended ?? 0}`, "defense goes on until their next action"]);
  for (const [lostRound, reason] of state.lost ?? []) {
    if (lostRound >= round) out.push(["lost", `round ${lostRound}: ${reason ?? "forced"}`, "turn given up"]);
  }
  for (const condition of state.conditions ?? []) {
    out.push(["condition", condition.name, condition.until]);
  }
  if (state.skipped) out.push(["skipped", `skipped: ${state.skipped}`, `no turn: ${state.skipped}`]);
  return out;
}

/**
 * Initiative systems: [initiative text, filled pips, all pips] ("step 12", 2, 4).
 * @param {ChipState} state
 * @param {number} round
 * @param {boolean} steps
 * @returns {[string | null, number, number] | null}
 */
function initiative(state, round, steps) {
  if (state.initiative === undefined) return null;
  let text = null;
  if (state.initiative !== null) {
    text = steps ? `step ${state.initiative}` : `initiative ${state.initiative}`;
    if (state.delayed_to !== null && state.delayed_to !== undefined) text = `delayed to step ${state.delayed_to}`;
  } else if (steps) {
    text = "no step yet";
  }
  const max = state.ap_max ?? 0;
  const acted = state.acted === round && round > 0;
  return [text, state.ap ?? (acted ? 0 : max), max];
}

/**
 * @param {number} left
 * @param {number} max
 */
function pips(left, max) {
  const dots = Array.from({ length: max }, (_, i) => h("span", { class: `bpb-pip${i < left ? " bpb-filled" : ""}` }));
  const label = `${left} of ${max} AP left`;
  return h("span", { class: "bpb-pips", role: "img", "aria-label": label, title: label }, ...dots);
}

/**
 * Draw the order of play into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderStrip({ model: anyModel, el }) {
  const model = /** @type {ModelLike<StripState>} */ (/** @type {unknown} */ (anyModel));
  const controls = model.get("controls");
  const last = String(controls.last_step);
  const stepInput = h("input", {
    type: "number",
    min: String(controls.first_step),
    max: last,
    value: last,
    "aria-label": "Step to delay to",
  });
  const apInput = h("input", { type: "number", min: "1", value: "1", "aria-label": "AP to spend" });
  const delay = controls.delay_to_step
    ? () => command(model, "delay", { to: Number.parseInt(stepInput.value, 10) || null })
    : () => command(model, "delay");
  const spend = () => command(model, "spend_ap", { ap: Number.parseInt(apInput.value, 10) || 1 });
  const startFight = () => command(model, "start");
  const endTheTurn = () => command(model, "end_turn");
  const rollTheAp = () => command(model, "roll_ap");
  const undoOne = () => command(model, "undo");
  const redoOne = () => command(model, "redo");
  /** @type {Record<string, import("../lib/frame.js").Shortcut>} */
  const keys = {};
  const { body, cleanup } = frame(el, model, { title: "Order of play", cls: "bpb-strip", keys });
  const heading = h("p", { class: "bpb-round", "aria-live": "polite" });
  const chips = h("ol", { class: "bpb-chips", "aria-label": "Order of play" });
  const environment = h("li", { class: "bpb-chip bpb-environment" });
  const changes = h("ul", { class: "bpb-revisions", "aria-label": "Order changes next round" });
  const draftBar = h("div", { class: "bpb-draft", hidden: true });
  const start = button("Start", startFight, { key: "s", cls: "bpb-primary" });
  const rollOrder = button(controls.roll_order, () => command(model, "roll_order"), {
    title: controls.roll_order_help,
  });
  const endTurn = button("End turn", endTheTurn, { key: "e", cls: "bpb-primary" });
  const delayButton = button(controls.delay_to_step ? "Delay to step…" : "Delay", delay, { key: "d" });
  const delayGroup = controls.delay_to_step
    ? h("span", { class: "bpb-inline" }, field("Step", stepInput), delayButton)
    : delayButton;
  const rollAp = button("Roll AP", rollTheAp, {
    key: "a",
    title: `${controls.ap_dice_help} (A)`,
  });
  const spendAp = button("Spend AP", spend, { key: "p" });
  const apGroup = h("span", { class: "bpb-inline" }, rollAp, field("AP", apInput), spendAp);
  const undo = button("Undo", undoOne, { key: "u" });
  const redo = button("Redo", redoOne, { key: "r" });
  const hint = h("p", { class: "bpb-hint" });
  body.append(
    heading,
    chips,
    draftBar,
    changes,
    h("div", { class: "bpb-controls" }, rollOrder, start, endTurn, delayGroup, apGroup, undo, redo),
    hint,
  );

  /** @type {Map<string, HTMLLIElement>} */
  const byName = new Map();
  /** @type {string | null | undefined} */
  let lastCurrent;
  /** @type {string | null} */
  let dragged = null;
  /** The order being declared during the fight, before "Apply from next round". @type {string[] | null} */
  let draft = null;

  const shownOrder = () => draft ?? model.get("order");

  /**
   * @param {string} name
   * @param {number} target
   */
  const move = (name, target) => {
    const order = shownOrder().filter((other) => other !== name);
    order.splice(Math.max(0, Math.min(target, order.length)), 0, name);
    if (model.get("round") === 0) command(model, "set_order", { names: order });
    else {
      draft = order;
      paint();
      byName.get(name)?.focus();
    }
  };
  const applyDraft = () => {
    if (draft) command(model, "set_order", { names: draft });
    draft = null;
    paint();
  };
  const dropDraft = () => {
    draft = null;
    paint();
  };
  const applyButton = button("Apply from next round", applyDraft, { cls: "bpb-primary bpb-small" });
  draftBar.append(
    h("span", { text: "New order drafted: " }),
    applyButton,
    button("Cancel", dropDraft, { cls: "bpb-small" }),
  );

  // one set of listeners on the list for all its chips (500 chips, no 2,000 listeners to add)
  /** @param {Event} event the chip the event is on (not the environment), with its name */
  const chipOf = (event) => {
    const chip = /** @type {Element} */ (event.target).closest?.(".bpb-chip[data-name]");
    return chip instanceof HTMLElement && chips.contains(chip) ? chip.dataset.name : undefined;
  };
  chips.addEventListener("keydown", (event) => {
    const name = chipOf(event);
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (name === undefined || !step) return;
    event.preventDefault();
    const index = shownOrder().indexOf(name);
    if (event.altKey) move(name, index + step);
    else byName.get(shownOrder()[index + step])?.focus();
  });
  chips.addEventListener("dragstart", (event) => {
    const name = chipOf(event);
    if (name === undefined) return;
    dragged = name;
    if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
  });
  chips.addEventListener("dragover", (event) => {
    if (chipOf(event) !== undefined) event.preventDefault();
  });
  chips.addEventListener("drop", (event) => {
    const name = chipOf(event);
    if (name === undefined) return;
    event.preventDefault();
    if (dragged && dragged !== name) move(dragged, shownOrder().indexOf(name));
    dragged = null;
  });
  const blankChip = h("li", { class: "bpb-chip", tabindex: "0", draggable: "true" });

  /** @param {string} name */
  const chipFor = (name) => {
    let chip = byName.get(name);
    if (chip) return chip;
    chip = /** @type {HTMLLIElement} */ (blankChip.cloneNode(false));
    chip.dataset.name = name;
    byName.set(name, chip);
    return chip;
  };

  /**
   * @param {HTMLLIElement} chip
   * @param {string} name
   * @param {ChipState} state
   */
  const paintChip = (chip, name, state) => {
    const round = model.get("round");
    const current = model.get("current") === name;
    const marks = badges(state, round);
    const steps = initiative(state, round, controls.delay_to_step);
    const signature = JSON.stringify([current, marks, steps, state.side]);
    if (chip.dataset.signature === signature) return;
    chip.dataset.signature = signature;
    chip.classList.toggle("bpb-current", current);
    chip.classList.toggle("bpb-done", state.acted === round && round > 0);
    chip.classList.toggle("bpb-skipped", Boolean(state.skipped));
    chip.classList.toggle("bpb-unaware", state.aware === false);
    if (current) chip.setAttribute("aria-current", "true");
    else chip.removeAttribute("aria-current");
    chip.setAttribute("aria-label", state.skipped ? `${name}, skipped: ${state.skipped}` : name);
    const parts = [h("span", { class: "bpb-chip-name", text: name })];
    if (state.side) parts.push(h("span", { class: "bpb-side", text: state.side }));
    if (steps?.[0]) {
      const delayed = state.delayed_to !== null && state.delayed_to !== undefined;
      parts.push(h("span", { class: `bpb-initiative${delayed ? " bpb-delayed" : ""}`, text: steps[0] }));
    }
    if (steps?.[2]) parts.push(pips(steps[1], steps[2]));
    for (const [kind, label, title] of marks) {
      parts.push(h("span", { class: `bpb-badge bpb-${kind}`, text: label, title }));
    }
    if (state.delaying) {
      parts.push(
        button("Take delayed turn", () => command(model, "take_delayed", { name }), {
          cls: "bpb-small",
          title: `${name} takes the delayed turn now`,
        }),
      );
    }
    chip.replaceChildren(...parts);
  };

  const paint = () => {
    const round = model.get("round");
    const current = model.get("current");
    const order = shownOrder();
    const states = model.get("states") ?? {};
    const turn = current ? ` · ${model.get("turn")}` : " · the environment acts";
    setText(heading, round > 0 ? `Round ${round}${turn}` : "Not started: settle the order, then Start");
    const started = round > 0;
    start.hidden = rollOrder.hidden = started;
    endTurn.hidden = delayGroup.hidden = !started;
    apGroup.hidden = !started || !controls.ap_dice;
    /** @type {Partial<ChipState>} */
    const now = (current ? states[current] : undefined) ?? {};
    endTurn.disabled = delayButton.disabled = !current;
    rollAp.disabled = !current || (now.ap_max !== null && now.ap_max !== undefined);
    spendAp.disabled = !current || now.ap === null || now.ap === undefined;
    if (controls.delay_to_step && current !== lastCurrent) {
      lastCurrent = current;
      // suggest the next step after the current one; the GM's own choice is kept while typing
      if (now.initiative && document.activeElement !== stepInput)
        stepInput.value = String(Math.min(controls.last_step, now.initiative + 1));
    }
    undo.disabled = !model.get("can_undo");
    redo.disabled = !model.get("can_redo");
    // the keys, and their hint, are only what can be done now
    for (const key of Object.keys(keys)) delete keys[key];
    /** @type {string[]} */
    const hints = [];
    /**
     * @param {string} key
     * @param {string} what
     * @param {() => void} act
     * @param {boolean} possible
     */
    const offer = (key, what, act, possible) => {
      if (!possible) return;
      keys[key] = act;
      hints.push(`${key.toUpperCase()} ${what}`);
    };
    // ending or delaying a turn twice in a row by one key asks first (the second is someone
    // else's turn): the question names whose
    /**
     * @param {() => void} act
     * @param {string} what
     */
    const askingAgain = (act, what) =>
      Object.assign(() => act(), { confirm: () => `${what} ${model.get("turn") || "this turn"} too?` });
    offer("s", "start", startFight, !started);
    offer("e", "end turn", askingAgain(endTheTurn, "End"), started && Boolean(current));
    offer("d", "delay", askingAgain(delay, "Delay"), started && Boolean(current));
    offer("a", "roll AP", rollTheAp, started && controls.ap_dice && !rollAp.disabled);
    offer("p", "spend AP", spend, started && controls.ap_dice && !spendAp.disabled);
    offer("u", "undo", undoOne, !undo.disabled);
    offer("r", "redo", redoOne, !redo.disabled);
    hints.push(
      started
        ? "drag a chip (or Alt+arrow) to declare the next round's order"
        : "drag a chip (or Alt+arrow) to reorder",
    );
    setText(hint, `Keys: ${hints.join(" · ")}`);
    draftBar.hidden = draft === null;
    // an order declared as a round begins applies to that round (seed 000, round 2)
    setText(applyButton, model.get("order_from") === model.get("round") ? "Apply now" : "Apply from next round");
    chips.classList.toggle("bpb-drafting", draft !== null);

    /** @type {HTMLElement | null | undefined} */
    const chipWithFocus = document.activeElement?.closest?.(".bpb-chip");
    const focused = chipWithFocus?.dataset.name;
    // paint first (a new chip is still detached, so that costs no style work), then place: all at
    // once on the first paint (one insertion for 500 chips), else only the chips that moved
    const wanted = order.map(chipFor);
    wanted.forEach((chip, index) => {
      paintChip(chip, order[index], states[order[index]] ?? {});
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
    const notes = model.get("environment") ?? [];
    redraw(environment, JSON.stringify(notes), () => [
      h("span", { class: "bpb-chip-name", text: "Environment" }),
      ...notes.map((note) => h("span", { class: "bpb-badge", text: note })),
    ]);
    if (chips.lastChild !== environment) chips.append(environment);
    const next = model.get("changes") ?? [];
    redraw(changes, JSON.stringify(next), () => next.map((text) => h("li", { text: `Next round: ${text}` })));
    const focusedChip = focused ? byName.get(focused) : undefined;
    if (focusedChip && !focusedChip.contains(document.activeElement)) focusedChip.focus();
  };
  const stop = watch(
    model,
    ["round", "current", "order", "states", "environment", "changes", "can_undo", "can_redo"],
    () => {
      // a new round or another order from the kernel ends a draft that no longer fits
      if (draft && draft.join("\n") === (model.get("order") ?? []).join("\n")) draft = null;
      paint();
    },
  );
  return () => {
    stop();
    cleanup();
  };
}
