// @ts-check
// The combatants as cards: health as a meter (stunning damage apart), conditions as text with
// when they end, side and state; each card's actions (defeat, aware, hide, conditions, remove);
// adding a combatant from a form (a refusal shown next to its field) or a character file.
import { button, field, fillSelect, h, showFormError, whenIdle } from "../lib/dom.js";
import { frame } from "../lib/frame.js";
import { command, watch } from "../lib/sync.js";

/**
 * @import { CardState, ModelLike, RosterState, SheetFieldState, Traits } from "../lib/types.js"
 */

/**
 * The health meter: `role="meter"` named "<name> <label>", the value and maximum as numbers and
 * text; damage kept apart (stunning) is a lighter stretch after the bar.
 * @param {string} name
 * @param {NonNullable<CardState["vitals"]>} vitals
 */
function meter(name, vitals) {
  const { label, value, maximum, apart, apart_label: apartLabel } = vitals;
  const top = Math.max(maximum, value, 1);
  const share = (/** @type {number} */ n) => `${(100 * Math.max(0, Math.min(n, top))) / top}%`;
  const low = value <= maximum / 4;
  const text = `${label} ${value}/${maximum}${apart ? ` (${apart} ${apartLabel})` : ""}`;
  return h(
    "div",
    {
      class: `bpb-meter${low ? " bpb-low" : ""}`,
      role: "meter",
      "aria-label": `${name} ${label}`,
      "aria-valuenow": value,
      "aria-valuemin": Math.min(0, value),
      "aria-valuemax": maximum,
      "aria-valuetext": text,
    },
    h(
      "span",
      { class: "bpb-meter-track", "aria-hidden": "true" },
      h("span", { class: "bpb-meter-fill", style: `width: ${share(value)}` }),
      apart ? h("span", { class: "bpb-meter-apart", style: `width: ${share(apart)}` }) : null,
    ),
    h("span", { class: "bpb-meter-text", text }),
  );
}

/**
 * The state words of a card: [class, text].
 * @param {CardState} card
 * @returns {Array<[string, string]>}
 */
function states(card) {
  /** @type {Array<[string, string]>} */
  const out = [];
  if (card.defeated) out.push(["out", "defeated"]);
  else if (card.out) out.push(["out", "out of the fight"]);
  if (!card.aware) out.push(["unaware", "unaware"]);
  if (card.hidden) out.push(["hidden", "hidden from players"]);
  if (card.group) out.push(["group", "group"]);
  return out;
}

/**
 * A form control for one sheet field.
 * @param {SheetFieldState} f
 * @returns {HTMLElement}
 */
function control(f) {
  if (f.kind === "flag") return h("input", { type: "checkbox", name: f.name, checked: f.default === true });
  if (f.kind === "rank")
    return h("input", {
      type: "number",
      name: f.name,
      min: f.low,
      max: f.high,
      value: f.default === null || f.default === undefined ? "" : String(f.default),
      placeholder: f.default === null ? "—" : null,
      class: "bpb-number",
    });
  if (f.kind === "choice") {
    const select = h("select", { name: f.name });
    return fillSelect(
      select,
      f.choices.map((c) => [c, c]),
      String(f.default ?? ""),
    );
  }
  if (f.kind === "choices") {
    const held = new Set(Array.isArray(f.default) ? f.default : []);
    return h(
      "span",
      { class: "bpb-choices", "data-name": f.name, role: "group", "aria-label": f.label },
      ...f.choices.map((c) =>
        h("label", { class: "bpb-check" }, h("input", { type: "checkbox", value: c, checked: held.has(c) }), ` ${c}`),
      ),
    );
  }
  if (f.kind === "attacks") return attacksControl(f);
  const value = Array.isArray(f.default) ? f.default.join(", ") : String(f.default ?? "");
  return h("input", {
    type: "text",
    name: f.name,
    value,
    placeholder: f.kind === "words" ? "block, dodge" : null,
  });
}

/**
 * A sheet's attacks: a row each (name, rank, kind, hand-to-hand; what else the sheet holds of
 * it is kept), one more row on request.
 * @param {SheetFieldState} f its `choices` are the kinds of attack, `low` and `high` a rank's bounds
 */
function attacksControl(f) {
  const rows = h("div", { class: "bpb-attack-rows" });
  /** @param {Record<string, unknown>} attack */
  const addRow = (attack) => {
    const kind = h("select", { "aria-label": "Attack kind", "data-key": "kind" });
    fillSelect(
      kind,
      f.choices.map((c) => [c, c]),
      String(attack.kind ?? "normal"),
    );
    const row = h(
      "div",
      { class: "bpb-inline bpb-attack-row", "data-attack": JSON.stringify(attack) },
      h("input", {
        type: "text",
        maxlength: "60",
        placeholder: "Blast",
        value: String(attack.name ?? ""),
        "aria-label": "Attack name",
        "data-key": "name",
      }),
      h("input", {
        type: "number",
        min: String(f.low ?? ""),
        max: String(f.high ?? ""),
        class: "bpb-number",
        value: String(attack.rank ?? 5),
        "aria-label": "Attack rank",
        "data-key": "rank",
      }),
      kind,
      h("input", {
        type: "text",
        maxlength: "60",
        size: "10",
        placeholder: "skill it uses",
        value: String(attack.skill ?? ""),
        "aria-label": "Attack skill",
        "data-key": "skill",
      }),
      h(
        "label",
        { class: "bpb-check bpb-small-text" },
        h("input", { type: "checkbox", checked: Boolean(attack.hand_to_hand), "data-key": "hand_to_hand" }),
        " hand-to-hand",
      ),
      button("×", () => row.remove(), { cls: "bpb-small bpb-remove", title: "Remove this attack" }),
    );
    rows.append(row);
    return row;
  };
  for (const attack of Array.isArray(f.default) ? f.default : []) addRow(attack);
  return h(
    "fieldset",
    { class: "bpb-field bpb-attacks", "data-name": f.name },
    h("legend", { text: f.label }),
    rows,
    button("Add an attack", () => addRow({}).querySelector("input")?.focus(), { cls: "bpb-small" }),
  );
}

/**
 * The attacks the rows hold (a row with no name is left out).
 * @param {HTMLElement} el
 */
function attacksValue(el) {
  return [...el.querySelectorAll(".bpb-attack-row")]
    .map((row) => {
      const read = (/** @type {string} */ key) =>
        /** @type {HTMLInputElement | null} */ (row.querySelector(`[data-key="${key}"]`));
      const kept = JSON.parse(/** @type {HTMLElement} */ (row).dataset.attack ?? "{}");
      // as the sheet writes an attack (hand_to_hand only when true, skill only when named), so
      // an unchanged row reads as unchanged to the Edit form
      const attack = {
        ...kept,
        name: read("name")?.value.trim() ?? "",
        rank: Number(read("rank")?.value),
        kind: read("kind")?.value,
        hand_to_hand: true,
        skill: read("skill")?.value.trim() ?? "",
      };
      if (!read("hand_to_hand")?.checked) delete attack.hand_to_hand;
      if (!attack.skill) delete attack.skill;
      return attack;
    })
    .filter((attack) => attack.name);
}

/**
 * A sheet's fields as labelled controls, each holding its value in `values` (else its default),
 * but those in `skip`.
 * @param {SheetFieldState[]} fields
 * @param {Record<string, unknown>} values
 * @param {Set<string>} skip
 * @returns {Map<string, { sheet: SheetFieldState, control: HTMLElement, wrapper: HTMLElement }>}
 */
function sheetControls(fields, values, skip) {
  const made = new Map();
  for (const f of fields) {
    if (skip.has(f.name)) continue;
    const input = control(f.name in values ? { ...f, default: values[f.name] } : f);
    const wrapper = f.kind === "attacks" ? input : field(f.label, input);
    wrapper.classList.toggle("bpb-field-flag", f.kind === "flag");
    wrapper.classList.toggle("bpb-field-wide", f.kind === "attacks");
    made.set(f.name, { sheet: f, control: input, wrapper });
  }
  return made;
}

/**
 * The sheet the controls hold, as a command takes it (a field left blank keeps its default).
 * @param {Map<string, { sheet: SheetFieldState, control: HTMLElement }>} controls
 * @returns {Record<string, unknown>}
 */
function sheetOf(controls) {
  /** @type {Record<string, unknown>} */
  const sheet = {};
  for (const [key, { sheet: f, control: el }] of controls) {
    const value = sheetValue(f, el);
    if (value !== undefined) sheet[key] = value;
  }
  return sheet;
}

/**
 * The value a form control holds, as the sheet takes it (undefined: leave the default).
 * @param {SheetFieldState} f
 * @param {HTMLElement} el
 * @returns {unknown}
 */
function sheetValue(f, el) {
  if (f.kind === "attacks") return attacksValue(el);
  if (f.kind === "choices")
    return [...el.querySelectorAll("input:checked")].map((box) => /** @type {HTMLInputElement} */ (box).value);
  const input = /** @type {HTMLInputElement | HTMLSelectElement} */ (el);
  if (f.kind === "flag") return /** @type {HTMLInputElement} */ (input).checked;
  if (f.kind === "rank") {
    const text = input.value.trim();
    return text === "" ? undefined : Number(text);
  }
  if (f.kind === "words")
    return input.value
      .split(/[,;]+/)
      .map((word) => word.trim())
      .filter(Boolean);
  return input.value;
}

/** What a card's forms are headed with, where their controls do not say it. */
const CAPTIONS = /** @type {Record<string, string>} */ ({
  vitals: "By hand:",
  plot: "Plot points:",
  condition: "Condition:",
});

/**
 * What the GM has typed or chosen in a card's forms, by form and control name.
 * @param {HTMLElement} item
 * @returns {Map<string, string | boolean>}
 */
function formValues(item) {
  const typed = new Map();
  for (const el of item.querySelectorAll("[data-form] input, [data-form] select")) {
    const input = /** @type {HTMLInputElement} */ (el);
    typed.set(controlKey(input), input.type === "checkbox" ? input.checked : input.value);
  }
  return typed;
}

/**
 * Put back what `formValues` read into a card drawn again (a refusal redraws it: what was typed
 * stays there to correct).
 * @param {HTMLElement} item
 * @param {Map<string, string | boolean>} typed
 */
function restoreValues(item, typed) {
  for (const el of item.querySelectorAll("[data-form] input, [data-form] select")) {
    const input = /** @type {HTMLInputElement} */ (el);
    const value = typed.get(controlKey(input));
    if (value === undefined) continue;
    if (typeof value === "boolean") input.checked = value;
    else input.value = value;
    input.dispatchEvent(new Event("change"));
  }
}

/**
 * A card form's control by its form and its accessible name.
 * @param {HTMLElement} input
 */
function controlKey(input) {
  return `${input.closest("[data-form]")?.getAttribute("data-form")}|${input.getAttribute("aria-label")}`;
}

/**
 * How far down the list and down the order of play (from the acting card) a big roster draws its
 * cards at once: more than a screen holds, in either layout. The others follow while the page is
 * idle, `CARDS_PER_SLICE` further each time, so a 500-combatant screen shows its first screen
 * without waiting for the 500 cards' style and layout (about 40 ms of script and 80 of layout).
 */
const FIRST_CARDS = 40;
const CARDS_PER_SLICE = 120;

/**
 * Draw the combatants into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderRoster({ model: anyModel, el }) {
  const model = /** @type {ModelLike<RosterState>} */ (/** @type {unknown} */ (anyModel));
  const { body, cleanup } = frame(el, model, { title: "Combatants", cls: "bpb-roster" });
  const cards = h("ul", { class: "bpb-cards-list", "aria-label": "Combatants" });
  const empty = h("p", { class: "bpb-hint", text: "No combatants yet: add one below, or a character file." });

  // -- the add form ------------------------------------------------------------------------------
  const nameInput = h("input", { type: "text", name: "name", maxlength: "80", autocomplete: "off" });
  const form = h("form", { class: "bpb-form", "aria-label": "New combatant" });
  const formError = h("p", { class: "bpb-field-error", role: "alert", hidden: true });
  /** @type {Map<string, { sheet: SheetFieldState, control: HTMLElement, wrapper: HTMLElement }>} */
  const controls = new Map();
  const fileInput = h("input", { type: "file", accept: ".json,application/json", "aria-label": "Character file" });
  const sampleSelect = h("select", { "aria-label": "Sample character" });
  const addSample = button("Add sample", () => command(model, "add_sample", { name: sampleSelect.value }));
  const sampleRow = h("div", { class: "bpb-row" }, field("Sample character", sampleSelect), addSample);
  const addButton = button("Add combatant", () => form.requestSubmit(), { cls: "bpb-primary" });
  const adder = h(
    "details",
    { class: "bpb-adder" },
    h("summary", { text: "New combatant…" }),
    form,
    h("div", { class: "bpb-row" }, field("Add from a character file (JSON)", fileInput)),
    sampleRow,
  );
  const paintSamples = () => {
    const samples = model.get("samples") ?? [];
    sampleRow.hidden = samples.length === 0;
    fillSelect(
      sampleSelect,
      samples.map((n) => [n, n]),
      sampleSelect.value || samples[0],
    );
  };
  body.append(cards, empty, adder);
  /** @type {string | null} */
  let adding = null;

  const nameField = field("Name", nameInput);
  const buildForm = () => {
    controls.clear();
    for (const [key, made] of sheetControls(model.get("fields") ?? [], {}, new Set(["hidden"])))
      controls.set(key, made);
    form.replaceChildren(
      h("div", { class: "bpb-form-grid" }, nameField, ...[...controls.values()].map((c) => c.wrapper)),
      formError,
      h("div", { class: "bpb-controls" }, addButton),
    );
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    adding = nameInput.value;
    command(model, "add", { name: nameInput.value, sheet: sheetOf(controls) });
  });
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    const text = await file.text();
    fileInput.value = "";
    command(model, "add_file", { text });
  });

  // -- a card's Edit form: the sheet as it stands, the fields changed sent --------------------------
  const editor = h("div", { class: "bpb-form bpb-editor", role: "form", hidden: true });
  const editError = h("p", { class: "bpb-field-error", role: "alert", hidden: true });
  /** @type {Map<string, { sheet: SheetFieldState, control: HTMLElement, wrapper: HTMLElement }>} */
  const editControls = new Map();
  empty.after(editor);
  const paintEditor = () => {
    const editing = model.get("editing") ?? {};
    editor.hidden = !editing.name;
    editControls.clear();
    if (!editing.name) return editor.replaceChildren();
    const { name, sheet: values } = editing;
    for (const [key, made] of sheetControls(model.get("fields") ?? [], values, new Set(["hidden", "aware"])))
      editControls.set(key, made);
    const save = button(
      "Save changes",
      () => {
        const changed = Object.fromEntries(
          Object.entries(sheetOf(editControls)).filter(
            ([key, value]) => JSON.stringify(value) !== JSON.stringify(values[key]),
          ),
        );
        command(model, "edit", { name, sheet: changed });
      },
      { cls: "bpb-primary" },
    );
    editor.setAttribute("aria-label", `Edit ${name}`);
    editor.replaceChildren(
      h("h4", { class: "bpb-card-title", text: `Edit ${name}` }),
      h("div", { class: "bpb-form-grid" }, ...[...editControls.values()].map((c) => c.wrapper)),
      editError,
      h(
        "div",
        { class: "bpb-controls" },
        save,
        button("Cancel", () => command(model, "open_edit", { name: null }), { cls: "bpb-small" }),
      ),
    );
    editor.scrollIntoView({ block: "nearest" });
    /** @type {HTMLElement | null} */ (editor.querySelector("input, select"))?.focus();
  };

  const paintFormError = () => {
    const error = model.get("form_error") ?? {};
    const adding = !error.form || error.form === "add";
    /** @type {import("../lib/dom.js").FormFields} */
    const fields = new Map([["name", { control: nameInput, wrapper: nameField }]]);
    for (const [key, made] of controls) fields.set(key, made);
    showFormError(formError, fields, adding ? error : undefined, form.querySelector(".bpb-controls"));
    showFormError(editError, editControls, adding ? undefined : error, editor.querySelector(".bpb-controls"));
  };

  // -- the cards ---------------------------------------------------------------------------------
  /** @type {Map<string, HTMLLIElement>} */
  const byName = new Map();

  /**
   * The small form that puts a condition on `name`.
   * @param {string} name
   */
  const conditionForm = (name) => {
    const what = h("input", {
      type: "text",
      maxlength: "60",
      "aria-label": `Condition on ${name}`,
      placeholder: "stunned",
    });
    const ends = h("select", { "aria-label": "Ends" });
    fillSelect(ends, [
      ["", "until removed"],
      ["start", "at the start of the next turn of"],
      ["end", "at the end of the next turn of"],
      ["rounds", "after a number of rounds"],
    ]);
    const of = h("select", { "aria-label": "Whose turn" });
    const names = model.get("names");
    fillSelect(
      of,
      names.map((n) => [n, n]),
      name,
    );
    const rounds = h("input", {
      type: "number",
      min: "1",
      max: "100",
      value: "1",
      class: "bpb-number",
      "aria-label": "Rounds",
    });
    const follow = () => {
      of.hidden = ends.value !== "start" && ends.value !== "end";
      rounds.hidden = ends.value !== "rounds";
    };
    ends.addEventListener("change", follow);
    follow();
    const add = button(
      "Add condition",
      () => {
        const byTurn = ends.value === "start" || ends.value === "end";
        command(model, "add_condition", {
          name,
          condition: what.value,
          ends: byTurn ? ends.value : null,
          of: byTurn ? of.value : null,
          rounds: ends.value === "rounds" ? Number(rounds.value) : null,
        });
      },
      { cls: "bpb-small" },
    );
    return cardForm(name, "condition", `New condition on ${name}`, what, ends, of, rounds, add);
  };

  /**
   * A group's members: how many are still up (seed 000, round 6: "Blueshift makes short work of
   * two of Ganyeka's henchmen"), one taken out or brought back a click.
   * @param {string} name
   * @param {[number, number]} members
   */
  const groupMembers = (name, [up, total]) =>
    cardForm(
      name,
      "members",
      `Members of ${name}`,
      h("span", { class: "bpb-members", text: `${up} of ${total} up` }),
      button("Take out", () => command(model, "members", { name, change: -1 }), {
        cls: "bpb-small",
        title: `One of ${name} is out of the fight`,
      }),
      button("Bring back", () => command(model, "members", { name, change: 1 }), {
        cls: "bpb-small",
        title: `One of ${name} is back in the fight`,
      }),
    );

  /**
   * An unaware combatant becoming aware: in their place by the rules, or placed now right after
   * someone (seed 000, round 2: "the order of play is Blueshift, then Ganyeka, then Monolith").
   * @param {string} name
   */
  const placeNow = (name) => {
    const others = model.get("names").filter((n) => n !== name && model.get("cards")[n]?.aware);
    const after = h("select", { "aria-label": `Place ${name} after` });
    fillSelect(
      after,
      others.map((n) => [n, n]),
      model.get("current") ?? others[others.length - 1],
    );
    return cardForm(
      name,
      "place",
      `${name} becomes aware`,
      button("Aware", () => command(model, "aware", { name, aware: true }), {
        cls: "bpb-small",
        title: `${name} becomes aware of the fight and takes their place in the order of play`,
      }),
      h("span", { class: "bpb-small-text", text: "or after" }),
      after,
      button("Place now", () => command(model, "aware", { name, aware: true, after: after.value || null }), {
        cls: "bpb-small",
        title: `${name} becomes aware and acts right after the one chosen, from this round`,
      }),
    );
  };

  /**
   * A form of `name`'s card (`form`: its key in `card_error`), with the line that shows the
   * kernel's refusal of it right after its controls.
   * @param {string} name
   * @param {string} form
   * @param {string} label
   * @param {...(HTMLElement | null)} controls
   */
  const cardForm = (name, form, label, ...controls) => {
    const error = model.get("card_error");
    const refused = error?.name === name && error.form === form ? error.message : "";
    const caption = CAPTIONS[form];
    return h(
      "div",
      { class: "bpb-card-form", role: "group", "aria-label": label, "data-form": form },
      h(
        "div",
        { class: "bpb-inline" },
        caption ? h("span", { class: "bpb-caption", text: caption }) : null,
        ...controls,
      ),
      refused ? h("p", { class: "bpb-field-error", role: "alert", text: refused }) : null,
    );
  };

  /**
   * Health by hand, as the GM says: an amount, and damage (stunning or not), heal, recover
   * stunning damage, rest.
   * @param {string} name
   * @param {NonNullable<CardState["vitals"]>} vitals
   */
  const healthForm = (name, vitals) => {
    const amount = h("input", {
      type: "number",
      class: "bpb-number bpb-amount",
      placeholder: "amount",
      "aria-label": "Amount",
    });
    const stunning = h("input", { type: "checkbox", "aria-label": "Stunning" });
    const count = () => (amount.value.trim() === "" ? null : Number(amount.value));
    // stunning damage is kept apart where the meter shows it apart (Bulletproof Blues)
    const apart = vitals.apart_label === "stunning";
    return cardForm(
      name,
      "vitals",
      `${vitals.label} of ${name} by hand`,
      amount,
      apart ? h("label", { class: "bpb-check bpb-small-text" }, stunning, " stunning") : null,
      ...model.get("by_hand").map(({ label, command: how }) =>
        button(
          label,
          () =>
            command(model, "vitals", {
              name,
              how,
              amount: count(),
              stunning: apart && how === "damage" && stunning.checked,
            }),
          { cls: "bpb-small", title: `${label}: ${name}'s ${vitals.label} by hand` },
        ),
      ),
    );
  };

  /**
   * A player's plot points: gain one (and why), spend one (on what; a power boost's rank and
   * how long; a note).
   * @param {string} name
   * @param {import("../lib/types.js").PlotState} plot
   */
  const plotForm = (name, plot) => {
    const why = h("select", { "aria-label": `Why ${name} gains a plot point` });
    fillSelect(why, model.get("plot_gains"));
    const use = h("select", { "aria-label": "Spend on" });
    fillSelect(use, model.get("plot_spends"));
    const raise = h("select", { "aria-label": "Raise" });
    fillSelect(raise, [
      ["", "(narrated)"],
      ...plot.raise.map((r) => /** @type {[string, string]} */ ([r, r.replace(/_/g, " ")])),
    ]);
    const lasts = h("select", { "aria-label": "Lasts" });
    fillSelect(lasts, [
      ["round", "this round"],
      ["scene", "the scene"],
    ]);
    const note = h("input", { type: "text", maxlength: "300", placeholder: "what it does", "aria-label": "Note" });
    const follow = () => {
      raise.hidden = use.value !== "power_boost";
      lasts.hidden = use.value !== "power_boost" && use.value !== "power_stunt";
    };
    use.addEventListener("change", follow);
    follow();
    return [
      cardForm(
        name,
        "plot",
        `Plot points of ${name}`,
        why,
        button("Gain plot point", () => command(model, "gain_plot_point", { name, reason: why.value }), {
          cls: "bpb-small",
        }),
        use,
        raise,
        lasts,
        note,
        button(
          "Spend plot point",
          () =>
            command(model, "spend_plot_point", {
              name,
              use: use.value,
              boost: use.value === "power_boost" ? raise.value || null : null,
              lasts: lasts.hidden ? "round" : lasts.value,
              note: note.value,
            }),
          { cls: "bpb-small" },
        ),
      ),
    ];
  };

  /**
   * @param {string} name
   * @param {CardState} card
   */
  const cardBody = (name, card) => {
    const current = model.get("current") === name;
    const head = h(
      "div",
      { class: "bpb-card-head" },
      h("strong", { class: "bpb-card-name", text: name }),
      card.side ? h("span", { class: "bpb-side", text: card.side }) : null,
      current ? h("span", { class: "bpb-badge bpb-acting", text: "acting" }) : null,
      ...states(card).map(([cls, text]) => h("span", { class: `bpb-badge bpb-${cls}`, text })),
    );
    const vitals = card.vitals;
    const extra = vitals?.extra?.length
      ? h("p", { class: "bpb-extra", text: vitals.extra.map(([label, value]) => `${label} ${value}`).join(" · ") })
      : null;
    const conditions = card.conditions.length
      ? h(
          "ul",
          { class: "bpb-conditions", "aria-label": `Conditions on ${name}` },
          ...card.conditions.map((c) =>
            h(
              "li",
              { class: "bpb-condition", title: [c.rule, c.note].filter(Boolean).join(": ") },
              h("span", { class: "bpb-condition-name", text: c.name }),
              h("span", { class: "bpb-condition-until", text: ` ${c.until}` }),
              button("×", () => command(model, "remove_condition", { name, condition: c.name }), {
                cls: "bpb-small bpb-remove",
                title: `Remove ${c.name} from ${name}`,
              }),
            ),
          ),
        )
      : null;
    // the × buttons are named by their title for assistive technology too
    for (const remove of conditions?.querySelectorAll(".bpb-remove") ?? [])
      remove.setAttribute("aria-label", remove.getAttribute("title") ?? "");
    const bought = card.plot
      ? [...(card.plot.automatic ? ["automatic success waiting"] : []), ...card.plot.boosts]
      : [];
    const inForce = bought.length ? h("p", { class: "bpb-extra bpb-bought", text: bought.join(" · ") }) : null;
    const skipped = card.skipped ? h("p", { class: "bpb-skipped-why", text: `No turn: ${card.skipped}` }) : null;
    const placing = card.aware ? null : placeNow(name);
    const members = card.members ? groupMembers(name, card.members) : null;
    const actions = h(
      "details",
      { class: "bpb-card-actions" },
      h("summary", { text: "Sheet and actions", "aria-label": `Sheet and actions for ${name}` }),
    );
    // the sheet, the actions and the forms (a condition's names every combatant) are built when
    // the GM first opens them: a 500-combatant roster draws 500 summaries, not 500 forms
    actions.addEventListener("toggle", () => {
      if (actions.open) fillActions(actions, name, card);
    });
    return [
      head,
      vitals ? meter(name, vitals) : null,
      extra,
      members,
      inForce,
      conditions,
      skipped,
      placing,
      actions,
    ].filter((part) => part !== null);
  };

  /**
   * Fill a card's "Sheet and actions" (once: the first time it is open).
   * @param {HTMLDetailsElement} actions
   * @param {string} name
   * @param {CardState} card
   */
  const fillActions = (actions, name, card) => {
    if (actions.children.length === 1) actions.append(...cardActions(name, card));
  };

  /**
   * A card's sheet, its buttons and forms, shown under "Sheet and actions".
   * @param {string} name
   * @param {CardState} card
   */
  const cardActions = (name, card) => {
    const vitals = card.vitals;
    const toggle = (/** @type {string} */ label, /** @type {() => void} */ act) =>
      button(label, act, { cls: "bpb-small" });
    const removeButton = button(
      "Remove",
      () => {
        removeButton.hidden = true;
        sure.hidden = false;
      },
      { cls: "bpb-small bpb-danger" },
    );
    const sure = h(
      "span",
      { class: "bpb-inline", hidden: true },
      h("span", { text: `Remove ${name} from the fight?` }),
      button(`Remove ${name}`, () => command(model, "remove", { name }), { cls: "bpb-small bpb-danger" }),
      button(
        "Keep",
        () => {
          sure.hidden = true;
          removeButton.hidden = false;
        },
        { cls: "bpb-small" },
      ),
    );
    return [
      h("p", { class: "bpb-summary", text: card.summary }),
      h(
        "div",
        { class: "bpb-controls" },
        card.defeated
          ? toggle("Restore", () => command(model, "restore", { name }))
          : toggle("Defeat", () => command(model, "defeat", { name })),
        card.aware ? toggle("Unaware", () => command(model, "aware", { name, aware: false })) : null,
        card.hidden
          ? toggle("Reveal", () => command(model, "hide", { name, hidden: false }))
          : toggle("Hide", () => command(model, "hide", { name, hidden: true })),
        button("Edit", () => command(model, "open_edit", { name }), {
          cls: "bpb-small",
          title: `Edit ${name}'s sheet`,
        }),
        removeButton,
        sure,
      ),
      ...(vitals && model.get("by_hand")?.length ? [healthForm(name, vitals)] : []),
      ...(card.plot ? plotForm(name, card.plot) : []),
      conditionForm(name),
    ];
  };

  /**
   * @param {string} name
   * @param {CardState} card
   */
  const paintCard = (name, card) => {
    let item = byName.get(name);
    if (!item) {
      item = h("li", { class: "bpb-combatant", "aria-label": name, "data-name": name });
      byName.set(name, item);
    }
    // an unaware card offers to place them after whoever acts now
    const current = model.get("current");
    const error = model.get("card_error");
    const signature = JSON.stringify([
      card,
      current === name,
      model.get("names").length,
      card.aware || current,
      error?.name === name ? error : null,
    ]);
    if (item.dataset.signature === signature) return item;
    const open = item.querySelector("details")?.open ?? false;
    const typed = formValues(item);
    item.dataset.signature = signature;
    item.classList.toggle("bpb-current", model.get("current") === name);
    item.classList.toggle("bpb-out", card.out || card.defeated);
    item.dataset.side = card.side;
    item.replaceChildren(...cardBody(name, card));
    const details = item.querySelector("details");
    if (details && open) {
      fillActions(details, name, card);
      details.open = true;
    }
    restoreValues(item, typed);
    return item;
  };

  /** How far down the list and the order of play cards are drawn (`FIRST_CARDS`). */
  let reach = FIRST_CARDS;
  /** Cancels the next slice of cards, while one waits. @type {(() => void) | null} */
  let pending = null;
  const nextSlice = () => {
    pending = null;
    reach += CARDS_PER_SLICE;
    paint();
  };

  const paint = () => {
    const names = model.get("names") ?? [];
    const all = model.get("cards") ?? {};
    // their place in the order of play from whoever acts now (who acted this round comes after
    // who is still to act), which table mode lays them out in (CSS order): the acting card first
    const order = model.get("order") ?? [];
    const now = Math.max(0, order.indexOf(model.get("current") ?? ""));
    const places = new Map(order.map((name, index) => [name, index]));
    /** @param {string} name */
    const play = (name) => {
      const place = places.get(name);
      return place === undefined ? order.length : (place - now + order.length) % order.length;
    };
    // a big roster: the cards within reach and those already drawn, the others in a later slice
    const present = names.filter((name) => all[name]);
    const drawn = present.filter((name, index) => index < reach || byName.has(name) || play(name) < reach);
    const wanted = drawn.map((name) => paintCard(name, all[name]));
    for (const item of wanted) item.style.setProperty("--bpb-play", String(play(item.dataset.name ?? "")));
    const more = drawn.length < present.length;
    if (more && pending === null) pending = whenIdle(nextSlice, 100);
    if (more) cards.setAttribute("aria-busy", "true");
    else cards.removeAttribute("aria-busy");
    if (cards.children.length === 0)
      cards.append(...wanted); // the first paint in one go
    else
      wanted.forEach((item, index) => {
        if (cards.children[index] !== item) cards.insertBefore(item, cards.children[index] ?? null);
      });
    const listed = new Set(names);
    for (const [name, item] of byName) {
      if (!listed.has(name)) {
        item.remove();
        byName.delete(name);
      }
    }
    empty.hidden = names.length > 0;
    if (adding !== null && names.includes(adding.trim())) {
      adding = null;
      form.reset();
      nameInput.value = "";
    }
  };
  buildForm();
  const stopEditor = watch(model, ["editing"], paintEditor);
  const stopForm = watch(model, ["form_error"], paintFormError);
  const stopSamples = watch(model, ["samples"], paintSamples);
  const stop = watch(model, ["names", "cards", "current", "order", "card_error"], paint);
  return () => {
    pending?.();
    stop();
    stopEditor();
    stopForm();
    stopSamples();
    cleanup();
  };
}
