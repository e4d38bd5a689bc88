// @ts-check
// The pebbles part's renderer: not in the bundle, so it imports nothing; the host hands it the
// bundle's helpers as `kit`.

/**
 * @param {{ model: any, el: HTMLElement, kit: any }} props
 * @returns {() => void}
 */
export default function renderPebbles({ model, el, kit }) {
  const { h, button, field, fillSelect, frame, command, watch, showResult, typedOnce, parseDice } = kit;
  const target = h("select", { "aria-label": "Target" });
  const die = h("input", { type: "number", min: "1", max: "6", "aria-label": "Physical d6" });
  const typed = typedOnce(model, die, parseDice);
  const throwIt = () => command(model, "throw", { target: target.value, roll: (typed() ?? [null])[0] });
  const throwButton = button("Throw", throwIt, { key: "t", cls: "bpb-primary" });
  const who = h("p", { class: "bpb-odds-text" });
  const result = h("p", { class: "bpb-result", "aria-live": "polite" });
  const { body, cleanup } = frame(el, model, { title: "Throw a pebble", cls: "bpb-pebbles", keys: { t: throwIt } });
  body.append(who, h("div", { class: "bpb-row" }, field("Target", target), field("d6 (blank = roll)", die)), throwButton, result);
  const paint = () => {
    const current = model.get("current");
    const targets = model.get("targets");
    who.textContent = current ? `${current} throws: a d6 of 4 or more hits.` : "Start the fight to throw.";
    fillSelect(target, targets.map((/** @type {string} */ n) => [n, n]), target.value);
    throwButton.disabled = !current || targets.length === 0;
    showResult(result, model.get("result"));
  };
  const stop = watch(model, ["current", "targets", "result"], paint);
  return () => {
    stop();
    cleanup();
  };
}
