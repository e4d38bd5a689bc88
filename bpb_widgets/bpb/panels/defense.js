// @ts-check
// DefensePanel: attacker, rank, defender; Block or Dodge with the arithmetic, odds and cost first.
import { button, field, fillSelect, h, parseDice, showResult, typedOnce } from "../../../js/lib/dom.js";
import { frame } from "../../../js/lib/frame.js";
import { chart, legend, summary } from "../../../js/lib/odds.js";
import { command, watch } from "../../../js/lib/sync.js";

/**
 * @import { ModelLike, Traits, DefenseKind, DefenseOdds, DefenseState, Refused } from "../../../js/lib/types.js"
 */

/** @type {Array<[DefenseKind, string, string]>} */
const KINDS = [
  ["block", "Block", "b"],
  ["dodge", "Dodge", "o"],
];

/** @param {DefenseOdds} p */
function arithmetic(p) {
  let left = `${p.attribute_name} ${p.attribute} + 2d6`;
  if (p.bonus) left += ` + ${p.bonus} expertise`;
  let right = `8 + rank ${p.rank}`;
  if (p.continued) right += ` + ${p.continued} continued defense`;
  return `${left} vs ${right} = ${p.difficulty}`;
}

/**
 * @param {DefenseKind} kind
 * @param {string} label
 * @param {DefenseOdds | Refused | undefined} p
 */
function card(kind, label, p) {
  const box = h("div", { class: `bpb-card bpb-${kind}` }, h("h4", { class: "bpb-card-title", text: label }));
  if (!p) return box;
  if (p.refused !== undefined) {
    box.append(h("p", { class: "bpb-refused", text: p.refused }));
    return box;
  }
  box.append(
    h("p", { class: "bpb-arithmetic", text: arithmetic(p) }),
    h("p", { class: "bpb-odds-text", text: summary(p) }),
    chart(p, `${label}: chance of each total against ${p.difficulty}`),
    legend(p),
    h("p", { class: "bpb-consequence", text: p.consequence }),
  );
  return box;
}

/**
 * Draw the panel into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderDefense({ model: anyModel, el }) {
  const model = /** @type {ModelLike<DefenseState>} */ (/** @type {unknown} */ (anyModel));
  /** @type {Record<DefenseKind, () => void>} */
  const roll = {
    block: () => command(model, "block", { dice: typedDice() }),
    dodge: () => command(model, "dodge", { dice: typedDice() }),
  };
  const { body, cleanup } = frame(el, model, {
    title: "Block or dodge",
    cls: "bpb-defense",
    keys: Object.fromEntries(KINDS.map(([kind, , key]) => [key, roll[kind]])),
  });
  const attacker = h("select", { "aria-label": "Attacker" });
  const defender = h("select", { "aria-label": "Defender" });
  const ranks = model.get("ranks");
  const rank = h("input", {
    type: "number",
    min: ranks.low,
    max: ranks.high,
    value: String(ranks.typed),
    "aria-label": "Attack rank",
  });
  const dice = h("input", {
    type: "text",
    size: "10",
    placeholder: "blank = roll",
    title: "The dice rolled at the table, e.g. 3 5 (blank: the screen rolls)",
  });
  const typedDice = typedOnce(model, dice, parseDice);
  const waiting = h("p", { class: "bpb-waiting", "aria-live": "polite" });
  const cards = h("div", { class: "bpb-cards" });
  const result = h("p", { class: "bpb-result", "aria-live": "polite" });
  body.append(
    waiting,
    h(
      "div",
      { class: "bpb-row" },
      field("Attacker", attacker),
      field("Attack rank", rank),
      field("Defender", defender),
      field("Physical dice", dice),
    ),
    cards,
    h(
      "div",
      { class: "bpb-controls" },
      ...KINDS.map(([kind, label, key]) => button(label, roll[kind], { key, cls: "bpb-primary" })),
    ),
    result,
    h("p", { class: "bpb-hint", text: "Keys: B block · O dodge" }),
  );
  // Each control sends only its own change: the kernel keeps the rest as chosen, so a change
  // made while the kernel's answer to an earlier one is on its way (and repaints the controls
  // with what it knew then) never sends that older value back.
  attacker.addEventListener("change", () => command(model, "choose", { attacker: attacker.value }));
  defender.addEventListener("change", () => command(model, "choose", { defender: defender.value }));
  rank.addEventListener("change", () => {
    const rankValue = Number.parseInt(rank.value, 10);
    if (Number.isInteger(rankValue)) command(model, "choose", { rank: rankValue });
  });

  // The kernel's selection is the truth (it follows the hit waiting for an answer): the inputs
  // show it, and the GM's changes go back as "choose".
  const paintChoices = () => {
    const names = model.get("names");
    const chosen = model.get("selection");
    /** @type {Array<[string, string]>} */
    const options = names.map((name) => [name, name]);
    fillSelect(attacker, options, chosen.attacker ?? model.get("current"));
    fillSelect(defender, options, chosen.defender ?? names.find((name) => name !== attacker.value));
    if (chosen.rank) rank.value = String(chosen.rank);
    waiting.hidden = !chosen.hit;
    waiting.textContent = chosen.hit
      ? `${chosen.attacker}'s rank ${chosen.rank} hit on ${chosen.defender} waits for an answer.`
      : "";
  };
  const paint = () => {
    paintChoices();
    const preview = model.get("preview");
    cards.replaceChildren(...KINDS.map(([kind, label]) => card(kind, label, preview[kind])));
    const last = model.get("result");
    showResult(result, last);
    if (last.revision) result.append(h("strong", { text: ` Next round: ${last.revision}.` }));
  };
  const stop = watch(model, ["names", "selection", "preview", "result"], paint);
  return () => {
    stop();
    cleanup();
  };
}
