// @ts-check
// Blackout actions and tests (seed 002): an action and its AP; the attack test with the exact
// chance of beating passive evasion; on a hit, the damage test with the chance of each hit-point
// total it leaves; the Endurance [Vitality] test of someone out of the fight; healing; a surprise
// attack; a fall. Each pool is rolled, or the physical dice or the successes counted at the table
// are typed in. A refused form shows why next to the field the kernel blames.
import {
  button,
  field,
  fillSelect,
  h,
  parseDice,
  redraw,
  showFormError,
  showResult,
  typedOnce,
} from "../../../js/lib/dom.js";
import { frame } from "../../../js/lib/frame.js";
import { bars, exact, swatches } from "../../../js/lib/odds.js";
import { command, watch } from "../../../js/lib/sync.js";

/**
 * @import { CombatSelection, CombatState, ModelLike, Traits } from "../../../js/lib/types.js"
 */

/**
 * The successes counted in `text`, or null to roll.
 * @param {string} text
 */
function counted(text) {
  const value = Number.parseInt(text, 10);
  return Number.isInteger(value) ? value : null;
}

/**
 * Dice, or counted successes, for one test: two small boxes, each emptied once the kernel has
 * used what was typed (`typedOnce`).
 * @param {ModelLike<CombatState>} model
 * @param {string} what
 */
function rollInputs(model, what) {
  const dice = h("input", {
    type: "text",
    size: "6",
    placeholder: "blank = roll",
    title: "The dice rolled at the table, e.g. 5 2 6 1 (blank: the screen rolls)",
    "aria-label": `${what}: physical dice`,
  });
  const successes = h("input", {
    type: "number",
    min: "0",
    class: "bpb-number",
    placeholder: "—",
    "aria-label": `${what}: successes counted`,
  });
  const typedDice = typedOnce(model, dice, parseDice);
  const typedSuccesses = typedOnce(model, successes, counted);
  const row = h("span", { class: "bpb-inline" }, field("Physical dice", dice), field("or successes", successes));
  return {
    row,
    /** The successes counted, sent before the dice typed (successes win; neither: roll). */
    successes: typedSuccesses,
    /** The dice typed. */
    dice: typedDice,
  };
}

/**
 * Draw the panel into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderCombat({ model: anyModel, el }) {
  const model = /** @type {ModelLike<CombatState>} */ (/** @type {unknown} */ (anyModel));
  const { body, cleanup } = frame(el, model, { title: "Actions and tests", cls: "bpb-combat" });
  const number = (/** @type {string} */ label, /** @type {string} */ value, /** @type {string} */ min = "0") =>
    h("input", { type: "number", min, value, class: "bpb-number", "aria-label": label });
  const checkbox = (/** @type {string} */ label) => h("input", { type: "checkbox", "aria-label": label });

  // -- vitality --------------------------------------------------------------------------------
  const vitalityPool = number("Vitality pool", "3", "1");
  const vitalityRoll = rollInputs(model, "Vitality test");
  const vitality = h(
    "section",
    { class: "bpb-card bpb-vitality", "aria-label": "Endurance [Vitality] test", hidden: true },
    h("p", { class: "bpb-waiting" }),
    h("div", { class: "bpb-row" }, field("Dice in the pool", vitalityPool), vitalityRoll.row),
    button(
      "Test Vitality",
      () =>
        command(model, "vitality", {
          pool: Number(vitalityPool.value) || null,
          successes: vitalityRoll.successes(),
          dice: vitalityRoll.dice(),
        }),
      {
        cls: "bpb-primary",
      },
    ),
  );

  // -- an action ---------------------------------------------------------------------------------
  const kind = h("select", { "aria-label": "Action" });
  const actAp = number("AP to spend", "1");
  const takeTime = checkbox("Take your time");
  const stamina = number("Stamina to spend", "0");
  const terrain = h("select", { "aria-label": "Ends in" });
  const note = h("input", { type: "text", maxlength: "200", placeholder: "what they do", "aria-label": "Note" });
  const apLeft = h("p", { class: "bpb-ap-left", "aria-live": "polite" });
  const actions = h(
    "details",
    { class: "bpb-actions" },
    h("summary", { text: "Other actions (move, free, standard, reaction)" }),
    h(
      "div",
      { class: "bpb-row" },
      field("Action", kind),
      field("AP", actAp),
      h("label", { class: "bpb-check" }, takeTime, " take your time (+1 AP)"),
      field("Stamina", stamina),
      field("Ends in", terrain),
      field("Note", note),
    ),
    button("Take action", () =>
      command(model, "act", {
        kind: kind.value,
        ap: kind.value === "free" || kind.value === "reaction" ? null : Number(actAp.value) || null,
        take_time: takeTime.checked,
        stamina: Number(stamina.value) || 0,
        terrain: kind.value === "movement" ? terrain.value || null : null,
        note: note.value,
      }),
    ),
  );

  // -- the attack test -----------------------------------------------------------------------
  const attacker = h("select", { "aria-label": "Attacker" });
  const target = h("select", { "aria-label": "Target" });
  const pool = number("Attack dice", "4", "1");
  const attackAp = number("AP for the attack", "1", "1");
  const attackTime = checkbox("Take your time on the attack");
  const friend = checkbox("A friend, not avoiding it");
  const reaction = checkbox("As a reaction");
  const attackRoll = rollInputs(model, "Attack test");
  const attackOdds = h("div", { class: "bpb-preview", "aria-live": "polite" });
  const attackButton = button(
    "Attack",
    () =>
      command(model, "attack", {
        successes: attackRoll.successes(),
        dice: attackRoll.dice(),
        reaction: reaction.checked,
      }),
    {
      cls: "bpb-primary",
    },
  );
  const oneTwo = button(
    "One-two attack",
    () => command(model, "attack", { successes: attackRoll.successes(), dice: attackRoll.dice(), one_two: true }),
    {
      title: "After a hit on an enemy, another attack with the same weapon at no AP (seed 002)",
    },
  );
  const attackSection = h(
    "section",
    { class: "bpb-setup", "aria-label": "Attack test" },
    h(
      "div",
      { class: "bpb-row" },
      field("Attacker", attacker),
      field("Target", target),
      field("Attack dice", pool),
      field("AP", attackAp),
    ),
    h(
      "div",
      { class: "bpb-row" },
      h("label", { class: "bpb-check" }, attackTime, " take your time"),
      h("label", { class: "bpb-check" }, friend, " a friend, not avoiding it"),
      h("label", { class: "bpb-check" }, reaction, " as a reaction"),
    ),
    attackOdds,
    h("div", { class: "bpb-controls" }, attackButton, oneTwo, attackRoll.row),
  );
  const ask = () => {
    if (!attacker.value || !target.value) return;
    command(model, "choose", {
      attacker: attacker.value,
      target: target.value,
      pool: Number(pool.value) || 4,
      ap: Number(attackAp.value) || 1,
      take_time: attackTime.checked,
      friend: friend.checked,
    });
  };
  for (const input of [attacker, target, pool, attackAp, attackTime, friend]) input.addEventListener("change", ask);

  // -- the damage test -----------------------------------------------------------------------
  const damagePool = number("Damage dice", "4", "1");
  const nonLethal = checkbox("Non-lethal");
  const ranged = checkbox("Ranged");
  const vitalityAfter = number("Target's Vitality successes (non-lethal)", "", "0");
  const typedVitality = typedOnce(model, vitalityAfter, counted);
  const damageRoll = rollInputs(model, "Damage test");
  const damageTitle = h("h4", { class: "bpb-card-title" });
  const damageOdds = h("div", { class: "bpb-preview", "aria-live": "polite" });
  const damage = h(
    "section",
    { class: "bpb-card bpb-damage", "aria-label": "Damage test", hidden: true },
    damageTitle,
    h(
      "div",
      { class: "bpb-row" },
      field("Damage dice", damagePool),
      h("label", { class: "bpb-check" }, nonLethal, " non-lethal"),
      h("label", { class: "bpb-check" }, ranged, " ranged"),
      field("Vitality successes (if knocked out)", vitalityAfter),
    ),
    damageOdds,
    h(
      "div",
      { class: "bpb-controls" },
      button(
        "Roll damage",
        () =>
          command(model, "damage", {
            successes: damageRoll.successes(),
            dice: damageRoll.dice(),
            vitality: typedVitality(),
          }),
        {
          cls: "bpb-primary",
        },
      ),
      damageRoll.row,
    ),
  );
  const chooseDamage = () =>
    command(model, "choose_damage", {
      pool: Number(damagePool.value) || 1,
      non_lethal: nonLethal.checked,
      ranged: ranged.checked,
    });
  for (const input of [damagePool, nonLethal, ranged]) input.addEventListener("change", chooseDamage);

  // -- healing -------------------------------------------------------------------------------
  const healer = h("select", { "aria-label": "Healer" });
  const patient = h("select", { "aria-label": "Patient" });
  const healPool = number("Medicine dice", "3", "1");
  const healRoll = rollInputs(model, "Medicine test");
  const heal = h(
    "details",
    { class: "bpb-heal" },
    h("summary", { text: "Heal (Intelligence [Medicine], 2 HP a success)" }),
    h(
      "div",
      { class: "bpb-row" },
      field("Healer", healer),
      field("Patient", patient),
      field("Dice", healPool),
      healRoll.row,
    ),
    button("Heal", () =>
      command(model, "heal", {
        healer: healer.value,
        target: patient.value,
        pool: Number(healPool.value) || null,
        successes: healRoll.successes(),
        dice: healRoll.dice(),
      }),
    ),
  );

  // -- a surprise attack ---------------------------------------------------------------------
  const sneak = h("input", {
    type: "text",
    size: "8",
    placeholder: "e.g. 2 3",
    "aria-label": "Attackers' Dexterity [Sneak] successes",
  });
  const sneakField = field("Attackers' Sneak successes", sneak);
  const watchers = h("div", { class: "bpb-row", role: "group", "aria-label": "Defenders' Perception successes" });
  const surpriseError = h("p", { class: "bpb-field-error", role: "alert", hidden: true });
  const surprise = h(
    "details",
    { class: "bpb-heal" },
    h("summary", { text: "Surprise attack (Dexterity [Sneak] against Insight [Perception])" }),
    h("div", { class: "bpb-row" }, sneakField),
    h("p", { class: "bpb-hint", text: "Each defender's Perception successes (blank: not a defender):" }),
    watchers,
    button("Surprise attack", () => {
      /** @type {Record<string, number>} */
      const defenders = {};
      for (const input of watchers.querySelectorAll("input")) {
        const box = /** @type {HTMLInputElement} */ (input);
        if (box.value.trim() !== "") defenders[box.name] = Number(box.value);
      }
      command(model, "surprise", { attackers: parseDice(sneak.value) ?? [], defenders });
    }),
    surpriseError,
  );

  // -- a fall (seed 002, "Falling") -----------------------------------------------------------
  const faller = h("select", { "aria-label": "Who falls" });
  const feet = number("Feet fallen", "10");
  const fortitude = number("Fortitude successes", "");
  fortitude.placeholder = "no test";
  const d3 = h("input", { type: "text", size: "8", placeholder: "e.g. 2 3", "aria-label": "D3 dice" });
  const typedD3 = typedOnce(model, d3, parseDice);
  const fallError = h("p", { class: "bpb-field-error", role: "alert", hidden: true });
  /** @type {import("../../../js/lib/dom.js").FormFields} */
  const fallFields = new Map(
    /** @type {Array<[string, HTMLElement, string]>} */ ([
      ["name", faller, "Who falls"],
      ["feet", feet, "Feet fallen"],
      ["successes", fortitude, "Endurance [Fortitude] successes (blank: no test)"],
      ["dice", d3, "D3 dice (blank = roll)"],
    ]).map(([key, control, text]) => [key, { control, wrapper: field(text, control) }]),
  );
  const fall = h(
    "details",
    { class: "bpb-heal" },
    h("summary", { text: "Fall (D3 direct damage per 5 ft from 10 ft; Endurance [Fortitude] halves it)" }),
    h("div", { class: "bpb-row" }, ...[...fallFields.values()].map(({ wrapper }) => wrapper)),
    button("Fall", () =>
      command(model, "fall", {
        name: faller.value,
        feet: Number(feet.value),
        successes: counted(fortitude.value),
        dice: typedD3(),
      }),
    ),
    fallError,
  );
  /** @type {import("../../../js/lib/dom.js").FormFields} */
  const surpriseFields = new Map([
    ["attackers", { control: sneak, wrapper: sneakField }],
    ["defenders", { control: watchers, wrapper: watchers }],
  ]);
  const paintFormError = () => {
    const error = model.get("form_error") ?? {};
    showFormError(surpriseError, surpriseFields, error.form === "surprise" ? error : undefined, null);
    showFormError(fallError, fallFields, error.form === "fall" ? error : undefined, null);
  };

  const result = h("p", { class: "bpb-result", "aria-live": "polite" });
  body.append(vitality, apLeft, attackSection, damage, result, actions, heal, surprise, fall);

  let built = false;
  const paint = () => {
    if (!built) {
      built = true;
      fillSelect(
        kind,
        model.get("kinds").map((k) => [k, k]),
        "standard",
      );
      fillSelect(
        terrain,
        [["", "—"], ...model.get("terrain").map((t) => /** @type {[string, string]} */ ([t, t]))],
        "",
      );
    }
    const names = model.get("names") ?? [];
    /** @type {Array<[string, string]>} */
    const people = names.map((n) => [n, n]);
    const current = model.get("current");
    const s = /** @type {Partial<CombatSelection>} */ (model.get("selection"));
    fillSelect(attacker, people, s.attacker ?? current);
    fillSelect(
      target,
      people.filter(([n]) => n !== attacker.value),
      s.target ?? null,
    );
    if (s.pool) pool.value = String(s.pool);
    if (s.ap) attackAp.value = String(s.ap);
    attackTime.checked = Boolean(s.take_time);
    friend.checked = Boolean(s.friend);
    redraw(watchers, JSON.stringify(names), () =>
      names.map((n) =>
        field(
          n,
          h("input", {
            type: "number",
            min: "0",
            name: n,
            class: "bpb-number",
            "aria-label": `${n}: Perception successes`,
          }),
        ),
      ),
    );
    fillSelect(healer, people, healer.value || current);
    fillSelect(patient, people, patient.value || null);
    fillSelect(faller, people, faller.value || current);

    const ap = model.get("ap");
    apLeft.textContent = current ? `${model.get("turn")}: ${ap ?? 0} AP left` : "";
    const due = model.get("vitality_due");
    vitality.hidden = !due;
    const waiting = vitality.querySelector(".bpb-waiting");
    if (waiting)
      waiting.textContent = due ? `${due} is out of the fight: test Endurance [Vitality] before anything else.` : "";

    const odds = model.get("preview");
    if (odds && "refused" in odds && odds.refused)
      attackOdds.replaceChildren(h("p", { class: "bpb-refused", text: odds.refused }));
    else if (odds && "difficulty" in odds && odds.difficulty !== undefined) {
      const distribution = odds.distribution ?? [];
      attackOdds.replaceChildren(
        h("p", {
          class: "bpb-odds-text",
          text: `${odds.pool} dice vs passive evasion ${odds.difficulty}: hits ${exact(odds.success ?? [0, 1, 0])} · critical ${exact(odds.critical ?? [0, 1, 0])}`,
        }),
        bars(
          distribution,
          `Chance of each number of successes against ${odds.difficulty}`,
          (n) => (n >= (odds.difficulty ?? 0) ? "bpb-hit" : ""),
          "successes",
        ),
        swatches(["", "misses"], ["bpb-hit", `hits (${odds.difficulty}+)`]),
      );
    } else attackOdds.replaceChildren();

    const hit = model.get("hit");
    const waitingHit = Boolean(hit);
    // whose card holds the panel in table mode: the attacker's, the target's while the damage waits
    const acting = hit ? hit.target : attacker.value || current;
    if (acting) body.closest("section")?.setAttribute("data-card", acting);
    else body.closest("section")?.removeAttribute("data-card");
    damage.hidden = !waitingHit;
    attackSection.hidden = waitingHit || Boolean(due);
    attackButton.disabled = !current || !target.value;
    oneTwo.hidden = !model.get("one_two") || model.get("one_two") !== attacker.value;
    if (hit) {
      damageTitle.textContent = `${hit.attacker} ${hit.critical ? "critically hits" : "hits"} ${hit.target}: the damage test`;
      const d = model.get("damage");
      damagePool.value = String(d.pool);
      nonLethal.checked = d.non_lethal;
      ranged.checked = d.ranged;
      const p = model.get("damage_preview");
      if (p && "refused" in p && p.refused)
        damageOdds.replaceChildren(h("p", { class: "bpb-refused", text: p.refused }));
      else if (p && "hp" in p && p.hp !== undefined) {
        damageOdds.replaceChildren(
          h("p", {
            class: "bpb-odds-text",
            text: `5 points a success against armor ${p.armor}; DR ${p.dr} absorbs first. ${p.target} (${p.hp} HP) is out of the fight: ${exact(p.out ?? [0, 1, 0])}`,
          }),
          bars(
            p.distribution ?? [],
            `Chance of each hit-point total ${p.target} is left with`,
            (v) => (v <= 0 ? "bpb-hit" : ""),
            "HP left",
          ),
          swatches(["", "still in the fight"], ["bpb-hit", "out of the fight (0 HP or less)"]),
        );
      }
    }
    const last = model.get("result");
    showResult(result, last);
  };
  const stop = watch(
    model,
    [
      "names",
      "current",
      "ap",
      "one_two",
      "vitality_due",
      "selection",
      "preview",
      "hit",
      "damage",
      "damage_preview",
      "result",
    ],
    paint,
  );
  const stopForm = watch(model, ["form_error"], paintFormError);
  return () => {
    stop();
    stopForm();
    cleanup();
  };
}
