// @ts-check
// DiceRoller: who rolls what against which difficulty; exact odds charted before, explained after.
import { button, field, fillSelect, h, parseDice, plotPointBox, showResult, typedOnce } from "../../../js/lib/dom.js";
import { frame } from "../../../js/lib/frame.js";
import { chart, legend, summary } from "../../../js/lib/odds.js";
import { command, watch } from "../../../js/lib/sync.js";

/**
 * @import { ModelLike, Traits, ChoiceRow, TaskState } from "../../../js/lib/types.js"
 */

const PLAIN = "";

/**
 * Draw the panel into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderTask({ model: anyModel, el }) {
  const model = /** @type {ModelLike<TaskState>} */ (/** @type {unknown} */ (anyModel));
  const choices = model.get("choices");
  /** @param {string} word */
  const title = (word) => word.charAt(0).toUpperCase() + word.slice(1);
  /** @type {Array<[string, string]>} */
  const attributeOptions = choices.attributes.map((a) => [a, title(a)]);

  const combatant = h("select", { "aria-label": "Who rolls" });
  const attribute = fillSelect(h("select", { "aria-label": "Attribute" }), attributeOptions, "prowess");
  const bonus = h("input", { type: "number", value: "0", "aria-label": "Bonus" });
  const against = h("select", { "aria-label": "Against" });
  const difficulty = h("input", { type: "number", min: "1", value: "12", "aria-label": "Difficulty" });
  const opposedAttribute = fillSelect(h("select", { "aria-label": "Opposing attribute" }), attributeOptions, "agility");
  const expertise = h("input", { type: "checkbox", "aria-label": "Expertise" });
  const dice = h("input", {
    type: "text",
    size: "10",
    placeholder: "blank = roll",
    title: "The dice rolled at the table, e.g. 3 5 (blank: the screen rolls)",
  });
  const typedDice = typedOnce(model, dice, parseDice);
  const plotPoint = plotPointBox(model);
  /**
   * @param {string} side
   * @param {ChoiceRow} row
   */
  const box = (side, [key, value, text]) =>
    h(
      "label",
      { class: "bpb-check" },
      h("input", { type: "checkbox", "data-side": side, value: key }),
      ` ${text} (+${value})`,
    );
  const circumstances = h(
    "details",
    { class: "bpb-circumstances" },
    h("summary", { text: "Circumstances (seed 004, Opposed Tasks)" }),
    h(
      "div",
      { class: "bpb-check-group" },
      h("strong", { text: "Attack bonus" }),
      ...choices.attack.map((row) => box("attack", row)),
    ),
    h(
      "div",
      { class: "bpb-check-group" },
      h("strong", { text: "Difficulty modifier" }),
      ...choices.defense.map((row) => box("defense", row)),
    ),
  );
  const expression = h("p", { class: "bpb-arithmetic" });
  const odds = h("div", { class: "bpb-odds" });
  const result = h("p", { class: "bpb-result", "aria-live": "polite" });

  /** @param {string} side */
  const checked = (side) => {
    /** @type {NodeListOf<HTMLInputElement>} */
    const boxes = circumstances.querySelectorAll(`input[data-side="${side}"]:checked`);
    return [...boxes].map((i) => i.value);
  };
  const ask = () => {
    const who = combatant.value || null;
    const opposing = against.value.startsWith("@") ? against.value.slice(1) : null;
    command(model, "choose", {
      combatant: who,
      attribute: who ? attribute.value : null,
      bonus: Number.parseInt(bonus.value, 10) || 0,
      difficulty: opposing ? null : Number.parseInt(difficulty.value, 10),
      opposed: opposing,
      opposed_attribute: opposing ? opposedAttribute.value : null,
      expertise: expertise.checked,
      attack: checked("attack"),
      defense: checked("defense"),
    });
  };
  const roll = () => {
    ask();
    command(model, "roll", { dice: typedDice(), plot_point: plotPoint.take() });
  };
  const { body, cleanup } = frame(el, model, { title: "Dice roller", cls: "bpb-dice", keys: { r: roll }, tuck: true });
  body.append(
    h(
      "div",
      { class: "bpb-row" },
      field("Who rolls", combatant),
      field("Attribute", attribute),
      field("Bonus", bonus),
      field("Against", against),
      field("Difficulty", difficulty),
      field("Opposing attribute", opposedAttribute),
      h("label", { class: "bpb-check" }, expertise, " Expertise"),
    ),
    circumstances,
    expression,
    odds,
    h(
      "div",
      { class: "bpb-controls" },
      field("Physical dice", dice),
      button("Roll", roll, { key: "r", cls: "bpb-primary" }),
      plotPoint.label,
    ),
    result,
    h("p", { class: "bpb-hint", text: "Keys: R roll · leave the dice blank for a seeded roll" }),
  );
  body.addEventListener("change", (event) => {
    if (event.target === against && /^\d+$/.test(against.value)) difficulty.value = against.value;
    sync();
    if (event.target !== dice) ask();
  });

  const sync = () => {
    const named = !against.value.startsWith("@");
    difficulty.disabled = !named;
    opposedAttribute.disabled = named;
    attribute.disabled = !combatant.value;
  };

  // The inputs belong to the GM: they are filled from the model only when the roster changes.
  /** @type {string | null} */
  let roster = null;
  const paintChoices = () => {
    const names = model.get("names");
    if (roster === names.join("\n")) return;
    const first = roster === null;
    roster = names.join("\n");
    const chosen = model.get("selection");
    const who = first ? (chosen.combatant ?? names[0]) : combatant.value;
    /** @type {Array<[string, string]>} */
    const people = names.map((n) => [n, n]);
    fillSelect(combatant, [[PLAIN, "Plain bonus (no attribute)"], ...people], who ?? PLAIN);
    /** @type {Array<[string, string]>} */
    const ladder = choices.difficulties.map(([name, value]) => [String(value), `${title(name)} (${value})`]);
    /** @type {Array<[string, string]>} */
    const opposing = names.map((n) => [`@${n}`, `Opposed by ${n}`]);
    fillSelect(against, [["custom", "Difficulty…"], ...ladder, ...opposing], against.value || "12");
    sync();
    if (first && !chosen.difficulty && !chosen.opposed) ask();
  };
  const paint = () => {
    paintChoices();
    const preview = model.get("preview");
    if (preview.roll) {
      const total = preview.against === String(preview.difficulty) ? "" : ` = ${preview.difficulty}`;
      expression.textContent = `${preview.roll} vs ${preview.against}${total}`;
      odds.replaceChildren(
        h("div", {}, chart(preview, `Chance of each total; ${preview.difficulty} or more succeeds`), legend(preview)),
        h("p", { class: "bpb-odds-text", text: summary(preview) }),
      );
    }
    const last = model.get("result");
    showResult(result, last);
  };
  const stop = watch(model, ["names", "preview", "result"], paint);
  return () => {
    stop();
    cleanup();
  };
}
