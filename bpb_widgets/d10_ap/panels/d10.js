// @ts-check
// D10Roller: surprise checks and action-point dice (seed 003), each with its exact odds charted
// before the roll and explained after.
import { button, field, fillSelect, h, parseDice, showResult, typedOnce } from "../../../js/lib/dom.js";
import { frame } from "../../../js/lib/frame.js";
import { bars, exact, swatches } from "../../../js/lib/odds.js";
import { command, watch } from "../../../js/lib/sync.js";

/**
 * @import { ModelLike, Traits, ApOdds, D10State, SurpriseOdds } from "../../../js/lib/types.js"
 */

/** @param {SurpriseOdds} odds */
function surpriseOdds(odds) {
  const awarb = odds.awareness - odds.modifier;
  const traits = odds.modifier
    ? ` ${odds.modifier > 0 ? "+" : "−"} ${Math.abs(odds.modifier)} (traits) = ${odds.awareness}`
    : "";
  return [
    h(
      "div",
      {},
      bars(
        odds.distribution,
        `AP lost to surprise for ${odds.combatant}`,
        (penalty) => (penalty > 0 ? "bpb-bad" : ""),
        "AP lost",
      ),
      swatches(["", "not surprised"], ["bpb-bad", "surprised: first turn loses that many AP"]),
    ),
    h("p", {
      class: "bpb-odds-text",
      text: `${odds.combatant}: a d10 over AwarB ${awarb}${traits} surprises (a 10 always does) · surprised ${exact(odds.surprised)}`,
    }),
  ];
}

/** @param {ApOdds} odds */
function apOdds(odds) {
  const less = odds.penalty ? ` − ${odds.penalty} (surprise)` : "";
  return [
    h(
      "div",
      {},
      bars(odds.distribution, `Action points of ${odds.combatant} this turn`, () => "bpb-hit", "AP"),
    ),
    h("p", {
      class: "bpb-odds-text",
      text: `${odds.turn}: ${odds.agb} d10, each 5+ is 1 AP, + 1${less}`,
    }),
  ];
}

/**
 * Draw the panel into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderD10({ model: anyModel, el }) {
  const model = /** @type {ModelLike<D10State>} */ (/** @type {unknown} */ (anyModel));
  const who = h("select", { "aria-label": "Who checks" });
  const d10 = h("input", { type: "number", min: "1", max: "10", placeholder: "1-10", "aria-label": "Physical d10" });
  const apDice = h("input", { type: "text", size: "8", placeholder: "e.g. 4 7 8", "aria-label": "Physical AP dice" });
  const typedD10 = typedOnce(model, d10, parseDice);
  const typedApDice = typedOnce(model, apDice, parseDice);
  const surprise = () => {
    const [roll] = typedD10() ?? [null];
    command(model, "surprise_check", { combatant: who.value, roll });
  };
  const rollAp = () => command(model, "roll_ap", { dice: typedApDice() });
  const surpriseBox = h("div", { class: "bpb-odds" });
  const apBox = h("div", { class: "bpb-odds" });
  const rollApButton = button("Roll AP", rollAp, { key: "a", cls: "bpb-primary" });
  const result = h("p", { class: "bpb-result", "aria-live": "polite" });
  const { body, cleanup } = frame(el, model, {
    title: "Surprise and AP dice",
    cls: "bpb-dice",
    keys: { s: surprise, a: rollAp },
  });
  body.append(
    h("h4", { class: "bpb-subtitle", text: "Surprise check (Step 1)" }),
    h("div", { class: "bpb-row" }, field("Who checks", who), field("d10 (blank = roll)", d10)),
    surpriseBox,
    h("div", { class: "bpb-controls" }, button("Surprise check", surprise, { key: "s" })),
    h("h4", { class: "bpb-subtitle", text: "Action-point dice (Turns)" }),
    apBox,
    h("div", { class: "bpb-controls" }, field("AP dice (blank = roll)", apDice), rollApButton),
    result,
    h("p", { class: "bpb-hint", text: "Keys: S surprise check · A roll AP · leave the dice blank for a seeded roll" }),
  );
  who.addEventListener("change", () => command(model, "choose", { combatant: who.value }));

  /** @type {string | null} */
  let roster = null;
  const paint = () => {
    const names = Object.keys(model.get("sheets"));
    const preview = model.get("preview");
    if (roster !== names.join("\n")) {
      roster = names.join("\n");
      fillSelect(
        who,
        names.map((n) => [n, n]),
        who.value || preview.surprise?.combatant,
      );
    }
    surpriseBox.replaceChildren(...(preview.surprise ? surpriseOdds(preview.surprise) : []));
    const current = model.get("current");
    rollApButton.disabled = !preview.ap;
    apBox.replaceChildren(
      ...(preview.ap
        ? apOdds(preview.ap)
        : [
            h("p", {
              class: "bpb-odds-text",
              text: current
                ? `${current} has rolled AP dice this turn.`
                : "AP dice are rolled at the start of each turn.",
            }),
          ]),
    );
    const last = model.get("result");
    showResult(result, last);
  };
  const stop = watch(model, ["sheets", "preview", "current", "result"], paint);
  return () => {
    stop();
    cleanup();
  };
}
