// @ts-check
// BlackoutRoller: a PC's initiative dice (seed 002): the exact chance of each step charted before
// the roll, the explained step and action points after.
import { button, field, fillSelect, h, parseDice, showResult, typedOnce } from "../../../js/lib/dom.js";
import { frame } from "../../../js/lib/frame.js";
import { bars, exact, swatches } from "../../../js/lib/odds.js";
import { command, watch } from "../../../js/lib/sync.js";

/**
 * @import { ModelLike, Traits, InitiativeState } from "../../../js/lib/types.js"
 */

/**
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/**
 * @param {number} n
 * @param {string} [what]
 */
const dice = (n, what = "") => plural(n, `${what}die`, `${what}dice`);

/**
 * Draw the panel into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderInitiative({ model: anyModel, el }) {
  const model = /** @type {ModelLike<InitiativeState>} */ (/** @type {unknown} */ (anyModel));
  const [fewest, most] = model.get("choices").dice;
  const counts = Array.from({ length: most - fewest + 1 }, (_, i) => fewest + i);
  const who = h("select", { "aria-label": "Who rolls" });
  const physical = h("input", {
    type: "text",
    size: "10",
    placeholder: "blank = roll",
    title: "The dice rolled at the table, e.g. 2 5 6 (blank: the screen rolls)",
  });
  const typedPhysical = typedOnce(model, physical, parseDice);
  let count = model.get("selection").count ?? most;

  const ask = () => command(model, "choose", { combatant: who.value || null, count });
  const roll = () => {
    ask();
    command(model, "roll", { dice: typedPhysical() });
  };
  /** @param {number} n */
  const choose = (n) => () => {
    count = n;
    paintCounts();
    ask();
  };
  const countButtons = counts.map((n) =>
    button(dice(n), choose(n), {
      key: String(n),
      cls: "bpb-toggle",
      title: `${dice(n, "initiative ")}: ${plural(n, "action point")} a turn (${n})`,
    }),
  );
  const paintCounts = () => {
    countButtons.forEach((b, i) => {
      b.setAttribute("aria-pressed", String(counts[i] === count));
    });
  };

  const odds = h("div", { class: "bpb-odds" });
  const result = h("p", { class: "bpb-result", "aria-live": "polite" });
  /** @type {Record<string, () => void>} */
  const keys = { r: roll };
  for (const n of counts) keys[String(n)] = choose(n);
  const { body, cleanup } = frame(el, model, { title: "Initiative dice", cls: "bpb-dice", keys });
  body.append(
    h(
      "div",
      { class: "bpb-row" },
      field("Who rolls", who),
      h(
        "div",
        { class: "bpb-field", role: "group", "aria-label": "Initiative dice" },
        h("span", { class: "bpb-field-name", text: "Initiative dice (d6)" }),
        h("div", { class: "bpb-segmented" }, ...countButtons),
      ),
    ),
    odds,
    h(
      "div",
      { class: "bpb-controls" },
      field("Physical dice", physical),
      button("Roll initiative", roll, { key: "r", cls: "bpb-primary" }),
    ),
    result,
    h("p", {
      class: "bpb-hint",
      text: "Keys: 1 2 3 choose the dice · R roll · lower steps act first; each die is one AP a turn",
    }),
  );
  who.addEventListener("change", ask);

  /** @type {string | null} */
  let roster = null;
  const paint = () => {
    const sheets = model.get("sheets");
    const pcs = Object.keys(sheets).filter((name) => sheets[name].pc);
    if (roster !== pcs.join("\n")) {
      roster = pcs.join("\n");
      fillSelect(
        who,
        pcs.map((n) => [n, n]),
        who.value || model.get("selection").combatant || pcs[0],
      );
    }
    paintCounts();
    const preview = model.get("preview");
    if (preview.distribution) {
      const first = preview.first_enemy;
      /** @param {number} step */
      const shade = (step) => (first !== null && step <= first ? "bpb-hit" : "");
      const label =
        first === null ? "Chance of each step" : `Chance of each step; step ${first} or lower acts before every enemy`;
      let text = `${dice(preview.count)}: step ${preview.count}-${6 * preview.count}, mean ${preview.mean.toFixed(1)}; ${plural(preview.count, "action point")} a turn`;
      if (first !== null) text += ` · acts before every enemy ${exact(preview.before)}`;
      odds.replaceChildren(
        h(
          "div",
          {},
          bars(preview.distribution, label, shade, "step"),
          first === null
            ? null
            : swatches(["", "after an enemy"], ["bpb-hit", `before every enemy (step ${first} or lower)`]),
        ),
        h("p", { class: "bpb-odds-text", text }),
      );
    }
    const last = model.get("result");
    showResult(result, last);
  };
  const stop = watch(model, ["sheets", "selection", "preview", "result"], paint);
  return () => {
    stop();
    cleanup();
  };
}
