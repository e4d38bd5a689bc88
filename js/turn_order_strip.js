// TurnOrderStrip: the round, the order of play as chips, and the buttons that run a turn.
import { button, h } from "./lib/dom.js";
import { frame } from "./lib/frame.js";
import { command, initialize, watch } from "./lib/sync.js";

/** The badges of one combatant's chip, from its synced record (see TurnOrderStrip._record). */
function badges(state, round) {
  const out = [];
  if (state.group) out.push(["group", "group"]);
  if (!state.aware) out.push(["unaware", "unaware"]);
  if (state.acted === round && round > 0) out.push(["acted", "acted"]);
  if (state.delaying) out.push(["delaying", "delaying"]);
  if (state.defending) out.push(["defending", `${state.defending}s ×${state.defended}`]);
  for (const [lostRound, reason] of state.lost ?? []) {
    if (lostRound >= round) out.push(["lost", `round ${lostRound} turn spent: ${reason}`]);
  }
  return out;
}

function paintChip(chip, name, state, model) {
  const round = model.get("round");
  const current = model.get("current") === name;
  const marks = badges(state, round);
  const signature = JSON.stringify([current, marks]);
  if (chip.dataset.signature === signature) return;
  chip.dataset.signature = signature;
  chip.classList.toggle("bpb-current", current);
  chip.classList.toggle("bpb-done", state.acted === round && round > 0);
  if (current) chip.setAttribute("aria-current", "true");
  else chip.removeAttribute("aria-current");
  const parts = [h("span", { class: "bpb-chip-name", text: name })];
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

function render({ model, el }) {
  const run = (cmd) => () => command(model, cmd);
  const { body, cleanup } = frame(el, model, {
    title: "Order of play",
    cls: "bpb-strip",
    keys: { s: run("start"), e: run("end_turn"), d: run("delay"), u: run("undo"), r: run("redo") },
  });
  const heading = h("p", { class: "bpb-round" });
  const chips = h("ol", { class: "bpb-chips", "aria-label": "Order of play" });
  const environment = h("li", { class: "bpb-chip bpb-environment" });
  const revisions = h("ul", { class: "bpb-revisions", "aria-label": "Order revised" });
  const start = button("Start", run("start"), { key: "s" });
  const rollOrder = button("Roll order", run("roll_order"), {
    title: "Perception task rolls, highest first (Order Of Play)",
  });
  const undo = button("Undo", run("undo"), { key: "u" });
  const redo = button("Redo", run("redo"), { key: "r" });
  const controls = h(
    "div",
    { class: "bpb-controls" },
    rollOrder,
    start,
    button("End turn", run("end_turn"), { key: "e", cls: "bpb-primary" }),
    button("Delay", run("delay"), { key: "d" }),
    undo,
    redo,
  );
  const hint = h("p", {
    class: "bpb-hint",
    text: "Keys: S start · E end turn · D delay · U undo · R redo · Alt+arrow moves a chip (or drag it)",
  });
  body.append(heading, chips, revisions, controls, hint);

  const byName = new Map();
  let dragged = null;

  const move = (name, target) => {
    const order = model.get("order").filter((other) => other !== name);
    order.splice(Math.max(0, Math.min(target, order.length)), 0, name);
    command(model, "set_order", { names: order });
  };

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
      event.dataTransfer.effectAllowed = "move";
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
    heading.textContent =
      round > 0 ? `Round ${round}` + (current ? ` · ${current}'s turn` : " · the environment acts") : "Not started";
    start.hidden = rollOrder.hidden = round > 0;
    undo.disabled = !model.get("can_undo");
    redo.disabled = !model.get("can_redo");
    const focused = document.activeElement?.closest?.(".bpb-chip")?.dataset.name;
    // paint first (a new chip is still detached, so that costs no style work), then place: all at
    // once on the first paint (one insertion for 500 chips), else only the chips that moved
    const wanted = order.map(chipFor);
    wanted.forEach((chip, index) => paintChip(chip, order[index], states[order[index]] ?? {}, model));
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
    if (focused && byName.has(focused) && !byName.get(focused).contains(document.activeElement)) {
      byName.get(focused).focus();
    }
  };
  const stop = watch(model, ["round", "current", "order", "states", "environment", "revisions", "can_undo", "can_redo"], paint);
  return () => {
    stop();
    cleanup();
  };
}

export default { initialize, render };
