// @ts-check
// The attack (Bulletproof Blues): attacker, target, the attack from the attacker's sheet or typed
// in, range and circumstances; the exact odds before the roll; Attack (or the physical dice). On a
// hit the target's answers are right there with their odds and cost; an extreme success's effect
// is chosen; what happened is listed.
import {
  button,
  field,
  fillSelect,
  h,
  parseDice,
  plotPointBox,
  redraw,
  setText,
  showFormError,
  typedOnce,
} from "../../../js/lib/dom.js";
import { frame } from "../../../js/lib/frame.js";
import { chance, chart, legend, summary } from "../../../js/lib/odds.js";
import { command, watch } from "../../../js/lib/sync.js";

/**
 * @import { AnswersState, AttackSelection, AttackState, ChoiceRow, Cover, DefenseOdds, ModelLike, Refused, TakeState, Traits } from "../../../js/lib/types.js"
 */

/** The option of the attack select that types an attack in. */
const TYPED = "";
/** The answers' keys: B block, O dodge, C dive for cover, T take the hit. */
const ANSWER_KEYS = /** @type {Record<string, string>} */ ({
  Block: "b",
  Dodge: "o",
  "Dive for cover": "c",
  "Take the hit": "t",
});
/** What the effects of an extreme success are called on their buttons. */
const EFFECTS = /** @type {Record<string, string>} */ ({
  overwhelming: "Overwhelm",
  slamming: "Slam",
  staggering: "Stagger",
});

/**
 * What taking the hit does, in words.
 * @param {string} target
 * @param {TakeState} take
 */
function takeText(target, take) {
  if (take.effect) return take.effect;
  const kind = take.stunning ? " stunning" : "";
  const half = take.penetrating ? " (half counts: penetrating)" : "";
  const against = take.protection ? ` − protection ${take.protection}${half}` : "";
  const out = take.out ? `: ${target} is out of the fight` : "";
  return `DR ${take.dr}${against} = ${take.damage}${kind} damage; Endurance ${take.before} → ${take.after}${out}`;
}

/**
 * Draw the attack into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderAttack({ model: anyModel, el }) {
  const model = /** @type {ModelLike<AttackState>} */ (/** @type {unknown} */ (anyModel));
  const attack = () => command(model, "roll", { dice: typedDice(), plot_point: plotPoint.take() });
  /** @type {Record<string, import("../../../js/lib/frame.js").Shortcut>} */
  const keys = {};
  const { body, cleanup } = frame(el, model, { title: "Attack", cls: "bpb-attack", keys });
  const section = body.closest("section");

  const attacker = h("select", { "aria-label": "Attacker" });
  const target = h("select", { "aria-label": "Target" });
  const power = h("select", { "aria-label": "Attack" });
  const ranks = model.get("ranks");
  const rank = h("input", {
    type: "number",
    min: ranks.low,
    max: ranks.high,
    class: "bpb-number",
    "aria-label": "Rank",
  });
  const kind = h("select", { "aria-label": "Kind" });
  const handToHand = h("input", { type: "checkbox", "aria-label": "Hand-to-hand (Brawn)" });
  const distance = h("input", {
    type: "number",
    min: "0",
    step: "any",
    class: "bpb-number",
    placeholder: "—",
    "aria-label": "Distance (ft)",
  });
  // dice are digits and spaces: a letter typed in the box is a shortcut (T takes the hit, E ends the turn)
  const dice = h("input", {
    type: "text",
    size: "10",
    placeholder: "blank = roll",
    title: "The dice rolled at the table, e.g. 3 5 (blank: the screen rolls)",
    "data-shortcuts": "letters",
  });
  const typedDice = typedOnce(model, dice, parseDice);
  // once the GM has typed dice in this view, each new turn's attack waits for them in the box
  let typingDice = false;
  dice.addEventListener("input", () => {
    typingDice ||= dice.value.trim() !== "";
  });
  /** Whose attack the setup was last painted for ("": not yet). */
  let turnOf = "";
  /** The dice box takes the focus from a button or the screen itself, never from a field. */
  const waitForDice = () => {
    const screen = el.closest(".bpb-host");
    const active = document.activeElement;
    if (screen && active && screen.contains(active) && !active.matches("input, select, textarea"))
      dice.focus({ preventScroll: true });
  };
  const plotPoint = plotPointBox(model);
  // Enter in the dice box makes the attack set up (the focus stays there for the answer's dice)
  dice.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || attackButton.hidden || attackButton.disabled) return;
    event.preventDefault();
    attack();
  });
  const typed = h(
    "div",
    { class: "bpb-row bpb-typed" },
    field("Rank", rank),
    field("Kind", kind),
    h("label", { class: "bpb-check" }, handToHand, " Hand-to-hand (Brawn)"),
  );
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
  const circumstances = h("details", { class: "bpb-circumstances" }, h("summary", { text: "Range and circumstances" }));
  const explosion = h(
    "fieldset",
    { class: "bpb-explosion", hidden: true },
    h("legend", { text: "Caught in the explosion" }),
  );
  // on the attacker's card (table mode) the card says who attacks: the field is not shown there
  const attackerField = field("Attacker", attacker);
  attackerField.classList.add("bpb-implied-by-card");
  const preview = h("div", { class: "bpb-preview", "aria-live": "polite" });
  const attackButton = button("Attack", attack, { key: "a", cls: "bpb-primary" });
  const result = h("ul", { class: "bpb-result-lines", "aria-label": "What happened", "aria-live": "polite" });
  const hint = h("p", { class: "bpb-hint" });
  const setup = h(
    "div",
    { class: "bpb-setup" },
    h("div", { class: "bpb-row" }, attackerField, field("Target", target), field("Attack", power)),
    typed,
    circumstances,
    explosion,
    preview,
  );
  // grabs: the attacker grabs the target, and what then; a grapple under way, or breaking free
  const followUp = h("select", { "aria-label": "Then" });
  const thenField = field("Then", followUp);
  const grabs = h(
    "details",
    { class: "bpb-circumstances bpb-grabs" },
    h("summary", { text: "Grab, throw or trip" }),
    h(
      "div",
      { class: "bpb-row" },
      thenField,
      button("Grab", () =>
        command(model, "grab", { follow_up: followUp.value, dice: typedDice(), plot_point: plotPoint.take() }),
      ),
    ),
    h("p", {
      class: "bpb-hint",
      text: "Dice: the grab's two, then the target's two to break free (blank = roll).",
    }),
  );
  const grappleText = h("span");
  const grappleButtons = h("span", { class: "bpb-inline" });
  const grapple = h("div", { class: "bpb-row bpb-grapple", hidden: true }, grappleText, grappleButtons);
  setup.append(grapple, grabs);
  const answers = answersPanel();
  // the dice box serves the attack and, once it hits, the target's answer
  const diceField = field("Physical dice", dice);
  // the GM's choice for the session (this view's): a turn of one attack ends with its answer
  const endWithAnswer = h("input", { type: "checkbox" });
  const endField = h("label", { class: "bpb-check" }, endWithAnswer, " End the turn with the answer");
  const controls = h("div", { class: "bpb-controls" }, attackButton, diceField, plotPoint.label, endField);
  // a refused roll, grab, break free or answer shows why next to the box it blames
  const formError = h("p", { class: "bpb-field-error", role: "alert", hidden: true });
  /** @type {import("../../../js/lib/dom.js").FormFields} */
  const formFields = new Map([
    ["dice", { control: dice, wrapper: diceField }],
    ["plot_point", { control: plotPoint.box, wrapper: plotPoint.label }],
    ["follow_up", { control: followUp, wrapper: thenField }],
    ["instead", { control: answers.interpose, wrapper: answers.interpose }],
  ]);
  const paintFormError = () => showFormError(formError, formFields, model.get("form_error"), controls);
  body.append(setup, answers.box, controls, formError, result, hint);

  let built = false;
  const buildChoices = () => {
    if (built) return;
    built = true;
    fillSelect(
      kind,
      [["", "as on the sheet"], ...model.get("kinds").map((k) => /** @type {[string, string]} */ ([k, k]))],
      "",
    );
    fillSelect(followUp, model.get("follow_ups") ?? [], "hold");
    const { attack: bonuses, defense: modifiers } = model.get("circumstances");
    circumstances.append(
      h("div", { class: "bpb-row" }, field("Distance (ft)", distance)),
      h(
        "div",
        { class: "bpb-check-group" },
        h("strong", { text: "Attack bonus" }),
        ...bonuses.map((row) => box("attack", row)),
      ),
      h(
        "div",
        { class: "bpb-check-group" },
        h("strong", { text: "Difficulty modifier" }),
        ...modifiers.map((row) => box("defense", row)),
      ),
    );
  };

  /** Send the setup to `choose`. */
  const ask = () => {
    if (!attacker.value) return;
    const checked = (/** @type {string} */ side) =>
      [...circumstances.querySelectorAll(`input[data-side="${side}"]:checked`)].map(
        (b) => /** @type {HTMLInputElement} */ (b).value,
      );
    const caught = (/** @type {string} */ which) =>
      [...explosion.querySelectorAll(`input[data-${which}]:checked`)].map(
        (b) => /** @type {HTMLInputElement} */ (b).value,
      );
    const typedIn = power.value === TYPED;
    const rankValue = Number.parseInt(rank.value, 10);
    const distanceValue = Number.parseFloat(distance.value);
    command(model, "choose", {
      attacker: attacker.value,
      target: target.value || null,
      power: typedIn ? null : power.value,
      rank: typedIn && Number.isInteger(rankValue) ? rankValue : null,
      kind: kind.value || null,
      hand_to_hand: typedIn ? handToHand.checked : null,
      distance: Number.isFinite(distanceValue) ? distanceValue : null,
      attack_bonus: checked("attack"),
      defense_bonus: checked("defense"),
      targets: caught("caught"),
      outer: caught("outer"),
    });
  };
  for (const input of [attacker, target, power, rank, kind, handToHand, distance])
    input.addEventListener("change", ask);
  circumstances.addEventListener("change", ask);
  explosion.addEventListener("change", ask);

  /** The target list's options: the 1-9 keys choose among the first nine. @type {Array<[string, string]>} */
  let targets = [];
  /** @param {AttackSelection} s */
  const paintSetup = (s) => {
    const names = model.get("names");
    /** @type {Array<[string, string]>} */
    const people = names.map((n) => [n, n]);
    fillSelect(attacker, people, s.attacker ?? model.get("current"));
    const sides = model.get("sides");
    targets = names
      .filter((n) => n !== attacker.value)
      .map((n) => [n, sides[n] && sides[n] !== sides[attacker.value] ? `${n} (${sides[n]})` : n]);
    fillSelect(target, targets, s.target ?? null);
    const powers = model.get("powers")[attacker.value] ?? [];
    fillSelect(
      power,
      [
        ...powers.map((p) => /** @type {[string, string]} */ ([p.name, `${p.name} (rank ${p.rank}, ${p.kind})`])),
        [TYPED, "Typed in…"],
      ],
      s.power ?? TYPED,
    );
    typed.hidden = power.value !== TYPED;
    if (s.rank !== null && s.rank !== undefined) rank.value = String(s.rank);
    else if (!rank.value) rank.value = String(ranks.typed);
    kind.value = s.kind ?? "";
    handToHand.checked = Boolean(s.hand_to_hand);
    distance.value = s.distance === null || s.distance === undefined ? "" : String(s.distance);
    for (const b of circumstances.querySelectorAll("input[data-side]")) {
      const input = /** @type {HTMLInputElement} */ (b);
      const list = input.dataset.side === "attack" ? s.attack_bonus : s.defense_bonus;
      input.checked = (list ?? []).includes(input.value);
    }
  };

  /**
   * The attacker's grapple: holding someone (hold on, squeeze, shield, let go) or held (break
   * free).
   * @param {AttackSelection} s
   */
  const paintGrapple = (s) => {
    const g = model.get("grapple") ?? {};
    const { holding = null, held_by: heldBy = null } = g;
    grapple.hidden = !holding && !heldBy;
    const key = JSON.stringify([s.attacker, holding, heldBy]);
    redraw(grappleButtons, key, () => [
      ...(holding
        ? [
            ...(model.get("grapple_actions") ?? []).map(([action, label]) =>
              button(label, () => command(model, "grapple", { action }), { cls: "bpb-small" }),
            ),
            button("Let go", () => command(model, "let_go"), { cls: "bpb-small" }),
          ]
        : []),
      ...(heldBy
        ? [
            button(
              "Break free",
              () => command(model, "break_free", { dice: typedDice(), plot_point: plotPoint.take() }),
              {
                cls: "bpb-small",
              },
            ),
          ]
        : []),
    ]);
    setText(
      grappleText,
      [holding ? `${s.attacker} holds ${holding}.` : "", heldBy ? `${s.attacker} is held by ${heldBy}.` : ""]
        .filter(Boolean)
        .join(" "),
    );
  };

  /** @param {AttackSelection} s */
  const paintExplosion = (s) => {
    const p = model.get("preview");
    const exploding = Boolean(p && "exploding" in p && p.exploding);
    explosion.hidden = !exploding;
    if (!exploding) return;
    const others = model.get("names").filter((n) => n !== s.attacker);
    const caught = new Set(s.targets?.length ? s.targets : s.target ? [s.target] : []);
    const outer = new Set(s.outer ?? []);
    explosion.replaceChildren(
      h("legend", { text: "Caught in the explosion (the outer half of the radius takes half)" }),
      ...others.map((n) =>
        h(
          "div",
          { class: "bpb-inline" },
          h(
            "label",
            { class: "bpb-check" },
            h("input", { type: "checkbox", "data-caught": "", value: n, checked: caught.has(n) }),
            ` ${n}`,
          ),
          h(
            "label",
            { class: "bpb-check bpb-small-text" },
            h("input", { type: "checkbox", "data-outer": "", value: n, checked: outer.has(n) }),
            " outer half",
          ),
        ),
      ),
    );
  };

  /**
   * The odds of the attack set up, why it cannot be made, or what to do first.
   * @param {AttackState["preview"]} p
   * @param {boolean} started
   * @returns {Element[]}
   */
  const previewOf = (p, started) => {
    if (!p || (!("refused" in p && p.refused) && !("roll" in p) && !("exploding" in p))) {
      const text = started ? "Choose the target." : "Start the fight: the attacker is whoever's turn it is.";
      return [h("p", { class: "bpb-hint", text })];
    }
    if ("refused" in p && p.refused) return [h("p", { class: "bpb-refused", text: p.refused })];
    const odds =
      /** @type {import("../../../js/lib/types.js").AttackOdds & Partial<import("../../../js/lib/types.js").ExplosionPreview>} */ (
        p
      );
    if (odds.exploding) {
      return [
        h("p", {
          class: "bpb-arithmetic",
          text: `An explosion: one Agility roll against difficulty ${odds.difficulty}, never an extreme success. On a hit everyone caught takes the full damage rating, half in the outer half of the radius; each may dive for cover.`,
        }),
      ];
    }
    const effects = odds.expertise && odds.effects?.length ? `Extreme success: ${odds.effects.join(", ")}` : "";
    return [
      h("p", { class: "bpb-arithmetic", text: `${odds.roll} vs ${odds.against}` }),
      ...(odds.automatic?.length
        ? [h("p", { class: "bpb-automatic", text: `Applied: ${odds.automatic.join("; ")}` })]
        : []),
      h("p", { class: "bpb-odds-text", text: `To hit: ${summary(odds).replace(/^Success /, "")}` }),
      chart(odds, `Chance of each total against ${odds.difficulty}`),
      legend(odds),
      ...(effects ? [h("p", { class: "bpb-hint", text: effects })] : []),
    ];
  };

  /**
   * The hit waiting for an answer, built once and filled in for each hit (a hit redraws text, not
   * the cards): the effect an extreme success lets the attacker choose, or the target's answers,
   * each with its odds and cost, or why the rules refuse it.
   */
  function answersPanel() {
    /** @param {string} how */
    const answer = (how) => () =>
      command(model, "answer", {
        how,
        dice: typedDice(),
        plot_point: plotPoint.take(),
        end_turn: endWithAnswer.checked,
      });
    const reached = h("input", { type: "checkbox", checked: true });
    /**
     * @param {string} label
     * @param {() => void} act
     * @param {...HTMLElement} more shown unless the answer is refused
     */
    const slot = (label, act, ...more) => {
      const go = button(label, act, { cls: "bpb-primary", key: ANSWER_KEYS[label] });
      const refused = h("p", { class: "bpb-refused" });
      const odds = h("p", { class: "bpb-odds-text" });
      const consequence = h("p", { class: "bpb-consequence" });
      const card = h("div", { class: "bpb-card bpb-answer" }, go, refused, odds, consequence, ...more);
      /** @param {DefenseOdds | Refused | Cover} p */
      const paint = (p) => {
        const no = p.refused !== undefined;
        go.disabled = no;
        setText(refused, no ? p.refused : "");
        setText(odds, !no && "difficulty" in p ? `${chance(p)} to succeed (${p.difficulty}+)` : "");
        setText(consequence, no ? "" : p.consequence);
        for (const el of more) el.hidden = no;
      };
      return { card, paint, go };
    };
    const cards = {
      block: slot("Block", answer("block")),
      dodge: slot("Dodge", answer("dodge")),
      cover: slot(
        "Dive for cover",
        () => command(model, "answer", { how: "cover", reached: reached.checked, end_turn: endWithAnswer.checked }),
        h("label", { class: "bpb-check bpb-small-text" }, reached, " cover within a normal move"),
      ),
      take: slot("Take the hit", () => command(model, "answer", { how: "take", end_turn: endWithAnswer.checked })),
    };
    const title = h("h4", { class: "bpb-card-title" });
    const chooser = h("p");
    const effects = h("div", { class: "bpb-controls" });
    const choosing = h("div", {}, chooser, effects);
    const effect = h("p", { class: "bpb-hint" });
    const lead = h("p");
    const interpose = h("div", { class: "bpb-interpose", role: "group", "aria-label": "Someone else takes the hit" });
    const answering = h(
      "div",
      {},
      effect,
      lead,
      h("div", { class: "bpb-cards" }, ...Object.values(cards).map((c) => c.card)),
      interpose,
    );
    const section = h(
      "section",
      { class: "bpb-answers", "aria-label": "The hit waiting for an answer" },
      title,
      choosing,
      answering,
    );
    const box = h("div", { class: "bpb-set-aside" }, section);
    let drawnFrom = "";
    /**
     * Show the first hit of `pending` and its answers `a`, or (`a` null) nothing.
     * @param {AnswersState | null} a
     * @param {AttackState["pending"]} pending
     */
    const paint = (a, pending) => {
      box.classList.toggle("bpb-set-aside", a === null);
      const key = a === null ? "" : JSON.stringify([a, pending]);
      if (a === null || key === drawnFrom) return;
      drawnFrom = key;
      const hit = pending[0];
      const more =
        pending.length > 1 ? ` (${pending.length - 1} more hit${pending.length > 2 ? "s" : ""} waiting)` : "";
      setText(title, `${hit.title}${more}`);
      const chosen = a.choose_effect ?? null;
      choosing.classList.toggle("bpb-set-aside", chosen === null);
      answering.classList.toggle("bpb-set-aside", chosen !== null);
      if (chosen !== null) {
        setText(chooser, `Extreme success: ${hit.attacker} chooses the effect.`);
        redraw(effects, JSON.stringify(chosen), () =>
          chosen.map((name) =>
            button(EFFECTS[name] ?? name, () => command(model, "effect", { effect: name }), { cls: "bpb-primary" }),
          ),
        );
        return;
      }
      setText(effect, hit.effect ? `Extreme success: ${hit.effect}.` : "");
      setText(lead, `${a.target} answers:`);
      reached.checked = true;
      cards.block.paint(a.block);
      cards.dodge.paint(a.dodge);
      cards.cover.paint(a.cover);
      cards.take.paint({ consequence: takeText(a.target, a.take) });
      const others = a.interpose ?? [];
      redraw(interpose, JSON.stringify([a.target, others]), () =>
        others.map(({ name, cost }) =>
          h(
            "div",
            { class: "bpb-inline", role: "group", "aria-label": name },
            h("strong", { text: name }),
            button(
              `Take it for ${a.target}`,
              () => command(model, "answer", { how: "take", instead: name, end_turn: endWithAnswer.checked }),
              {
                cls: "bpb-small",
                title: `${name} dives in front of the attack and takes the hit`,
              },
            ),
            h("span", { class: "bpb-small-text", text: cost }),
          ),
        ),
      );
    };
    return { box, paint, interpose, cards };
  }

  /**
   * The keys of what can be done now: while setting up, 1 to 9 pick the target (the focus then
   * waits in the dice box for the dice, if any) and Enter or A attacks; while a hit waits, B, O,
   * C and T answer it, and a digit typed anywhere goes into the dice box.
   * @param {boolean} canAttack
   * @param {boolean} waiting
   * @param {boolean} choosing
   */
  const offerKeys = (canAttack, waiting, choosing) => {
    for (const key of Object.keys(keys)) delete keys[key];
    if (canAttack) {
      keys.a = attack;
      keys.enter = Object.assign(() => attack(), { label: "Attack" });
    }
    if (choosing) {
      targets.slice(0, 9).forEach(([value, label], index) => {
        keys[String(index + 1)] = Object.assign(
          () => {
            if (target.value !== value) {
              fillSelect(target, targets, value);
              ask();
            }
            dice.focus();
          },
          { label: `Target ${label}` },
        );
      });
    }
    if (waiting) {
      for (const { go } of Object.values(answers.cards)) {
        const key = go.getAttribute("aria-keyshortcuts");
        if (key && !go.disabled) keys[key] = () => go.click();
      }
      for (const digit of "0123456789") {
        keys[digit] = Object.assign(
          () => {
            dice.focus();
            dice.value += digit;
            typingDice = true;
          },
          { label: "Type the dice" },
        );
      }
    }
  };
  const answerHint = () =>
    Object.values(answers.cards)
      .filter(({ go }) => !go.disabled)
      .map(
        ({ go }) => `${(go.getAttribute("aria-keyshortcuts") ?? "").toUpperCase()} ${go.textContent?.toLowerCase()} · `,
      )
      .join("");

  const paint = () => {
    buildChoices();
    const s = model.get("selection");
    const pending = model.get("pending") ?? [];
    const started = Boolean(s.attacker);
    // set aside, not removed: its layout is kept, so the hit and its answer redraw little
    setup.classList.toggle("bpb-set-aside", pending.length > 0);
    attackButton.hidden = pending.length > 0;
    attackButton.disabled = !started || !s.target;
    const a = /** @type {AnswersState} */ (model.get("answers"));
    const waiting = pending.length > 0 && Boolean(a.target);
    answers.paint(waiting ? a : null, pending);
    // whose card holds the attack in table mode: the attacker's, the target's while they answer
    const acting = waiting && !a.choose_effect ? a.target : (pending[0]?.attacker ?? s.attacker);
    if (acting) section?.setAttribute("data-card", acting);
    else section?.removeAttribute("data-card");
    // while a hit waits for its answer the setup is hidden: it is painted once the hit is resolved
    if (!pending.length) {
      if (started) paintSetup(/** @type {AttackSelection} */ (s));
      if (started) paintExplosion(/** @type {AttackSelection} */ (s));
      if (started) paintGrapple(/** @type {AttackSelection} */ (s));
      const p = model.get("preview");
      const current = Boolean(model.get("current"));
      redraw(preview, JSON.stringify([p, current]), () => previewOf(p, current));
      if (started && s.attacker !== turnOf) {
        if (turnOf !== "" && typingDice) waitForDice();
        turnOf = s.attacker ?? "";
      }
    }
    const lines = model.get("result").lines ?? [];
    redraw(result, JSON.stringify(lines), () => lines.map((text) => h("li", { text })));
    const canAttack = started && !pending.length && !attackButton.disabled;
    offerKeys(canAttack, waiting, started && !pending.length);
    setText(
      hint,
      pending.length
        ? `Answer the hit: the turn goes on once every hit is resolved. Keys: ${answerHint()}digits the dice`
        : canAttack
          ? "Keys: 1–9 target · digits in the dice box · Enter or A attack · ? all keys"
          : "",
    );
  };
  const stop = watch(
    model,
    ["names", "powers", "current", "selection", "preview", "pending", "answers", "result", "grapple"],
    paint,
  );
  const stopForm = watch(model, ["form_error"], paintFormError);
  return () => {
    stop();
    stopForm();
    cleanup();
  };
}
