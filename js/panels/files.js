// @ts-check
// Files: Save, Load and New fight with a file name; the autosave file and whether the fight on
// screen has changes no file holds; the players' page. New fight asks for the rule set and its
// options. Loading or a new fight asks first when those changes would be lost; saving over
// another fight asks first too.
import { button, field, fillSelect, h, showFormError } from "../lib/dom.js";
import { frame } from "../lib/frame.js";
import { command, watch } from "../lib/sync.js";

/**
 * @import { FormFields } from "../lib/dom.js"
 * @import { FilesState, ModelLike, RuleOption, Traits } from "../lib/types.js"
 */

/**
 * A rule option's control, holding its default.
 * @param {RuleOption} option
 * @returns {HTMLInputElement}
 */
function optionControl(option) {
  if (option.kind === "flag") return h("input", { type: "checkbox", checked: option.default === true });
  if (option.kind === "number")
    return h("input", { type: "number", step: "1", class: "bpb-number", value: String(option.default) });
  return h("input", { type: "text", size: "12", value: String(option.default) });
}

/**
 * The value a rule option's control holds, as the rule set takes it.
 * @param {RuleOption} option
 * @param {HTMLInputElement} input
 * @returns {unknown}
 */
function optionValue(option, input) {
  if (option.kind === "flag") return input.checked;
  if (option.kind === "number") return input.value.trim() === "" ? input.value : Number(input.value);
  return input.value;
}

/**
 * Draw the files bar into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderFiles({ model: anyModel, el }) {
  const model = /** @type {ModelLike<FilesState>} */ (/** @type {unknown} */ (anyModel));
  const { body, cleanup } = frame(el, model, { title: "Files", cls: "bpb-files", tuck: true });
  const listId = `bpb-fights-${Math.random().toString(36).slice(2)}`;
  const name = h("input", {
    type: "text",
    maxlength: "120",
    list: listId,
    placeholder: "warehouse.fight.json",
    "aria-label": "File name",
  });
  const known = h("datalist", { id: listId });
  const keep = h("input", { type: "checkbox" });
  const autosave = h("input", { type: "checkbox" });
  const status = h("p", { class: "bpb-status", "aria-live": "polite" });
  const confirm = h("div", { class: "bpb-confirm", role: "alertdialog", hidden: true });

  /**
   * Ask once before `act`: `question`, the button that goes ahead labelled `yes`.
   * @param {string} question
   * @param {string} yes
   * @param {() => void} act
   */
  const ask = (question, yes, act) => {
    const go = button(
      yes,
      () => {
        confirm.hidden = true;
        act();
      },
      { cls: "bpb-primary bpb-small" },
    );
    confirm.setAttribute("aria-label", question);
    confirm.replaceChildren(
      h("p", { text: question }),
      h(
        "div",
        { class: "bpb-controls" },
        go,
        button(
          "Cancel",
          () => {
            confirm.hidden = true;
          },
          { cls: "bpb-small" },
        ),
      ),
    );
    confirm.hidden = false;
    go.focus();
  };
  /** The name typed, as the kernel will store it. */
  const typed = () => {
    const text = name.value.trim();
    return text && !text.endsWith(".json") ? `${text}.fight.json` : text;
  };
  /** Go ahead at once if nothing would be lost, else ask. @param {string} what @param {() => void} act */
  const unlessUnsaved = (what, act) => {
    if (model.get("saved")) act();
    else ask(`The fight on screen has changes no file holds. ${what} anyway?`, `${what} anyway`, act);
  };
  const save = () => {
    const file = typed();
    const exists = model.get("files").some((f) => f.name === file);
    const go = () => command(model, "save", { name: name.value });
    if (exists && file !== model.get("file")) ask(`${file} holds another saved fight. Replace it?`, "Replace", go);
    else go();
  };
  const load = () => unlessUnsaved(`Load ${typed() || "the file"}`, () => command(model, "load", { name: name.value }));
  autosave.addEventListener("change", () => command(model, "autosave", { on: autosave.checked, name: name.value }));
  name.addEventListener("focus", () => command(model, "list_files"));

  // -- New fight: the rule set and its options -------------------------------------------------
  const rulesSelect = h("select", { "aria-label": "Rule set" });
  const optionsBox = h("div", { class: "bpb-form-grid" });
  const options = h("details", { class: "bpb-circumstances" }, h("summary", { text: "Rule options" }), optionsBox);
  const formError = h("p", { class: "bpb-field-error", role: "alert", hidden: true });
  /** @type {FormFields} */
  const optionFields = new Map();
  /** @type {Map<string, [RuleOption, HTMLInputElement]>} */
  const optionControls = new Map();
  const startButton = button("Start the new fight", () => start(), { cls: "bpb-primary" });
  const rulesField = field("Rule set", rulesSelect);
  const keepField = h("label", { class: "bpb-check" }, keep, " keep the combatants");
  const newFight = h(
    "div",
    { class: "bpb-new-fight", role: "form", "aria-label": "New fight", hidden: true },
    h("div", { class: "bpb-row" }, rulesField),
    options,
    formError,
    h(
      "div",
      { class: "bpb-controls" },
      startButton,
      keepField,
      button("Cancel", () => toggleNewFight(false), { cls: "bpb-small" }),
    ),
  );
  const newFightButton = button(
    "New fight",
    () => {
      toggleNewFight(Boolean(newFight.hidden));
      if (!newFight.hidden) rulesSelect.focus();
    },
    { title: "Start a new fight: choose its rule set" },
  );
  newFightButton.setAttribute("aria-expanded", "false");
  /** Show the form (as the fight on screen is: its rule set and defaults) or hide it. @param {boolean} open */
  const toggleNewFight = (open) => {
    if (open && newFight.hidden) fillRules(model.get("rules"));
    newFight.hidden = !open;
    newFightButton.setAttribute("aria-expanded", String(open));
  };
  /** Offer the rule sets, `chosen` selected, and its options at their defaults. @param {string} chosen */
  const fillRules = (chosen) => {
    const sets = model.get("rule_sets") ?? [];
    fillSelect(
      rulesSelect,
      sets.map((r) => [r.name, `${r.source} (${r.name})`]),
      chosen,
    );
    fillOptions();
  };
  const fillOptions = () => {
    const chosen = (model.get("rule_sets") ?? []).find((r) => r.name === rulesSelect.value);
    optionFields.clear();
    optionControls.clear();
    optionFields.set("rules", { control: rulesSelect, wrapper: rulesField });
    optionFields.set("keep", { control: keep, wrapper: keepField });
    optionsBox.replaceChildren(
      ...(chosen?.options ?? []).map((option) => {
        const control = optionControl(option);
        const wrapper = field(option.name.replace(/_/g, " "), control);
        wrapper.classList.toggle("bpb-field-flag", option.kind === "flag");
        optionFields.set(option.name, { control, wrapper });
        optionControls.set(option.name, [option, control]);
        return wrapper;
      }),
    );
    options.hidden = optionControls.size === 0;
    showFormError(formError, optionFields, undefined, null);
  };
  rulesSelect.addEventListener("change", fillOptions);
  /** The options changed from the rule set's defaults. */
  const changedOptions = () => {
    /** @type {Record<string, unknown>} */
    const changed = {};
    for (const [key, [option, control]] of optionControls) {
      const value = optionValue(option, control);
      if (value !== option.default) changed[key] = value;
    }
    return changed;
  };
  const start = () =>
    unlessUnsaved("Start a new fight", () => {
      command(model, "new_fight", { keep: keep.checked, rules: rulesSelect.value, options: changedOptions() });
    });

  // -- the players' page -------------------------------------------------------------------------
  const openPage = button("Open player page", () => command(model, "player_page", { on: true }), {
    title: "Serve a read-only page of what the players may see, for their screen or TV",
  });
  const pageLink = h("a", { target: "_blank", rel: "noopener", text: "Player page" });
  const closePage = button("Close player page", () => command(model, "player_page", { on: false }), {
    cls: "bpb-small",
  });
  const page = h("span", { class: "bpb-inline bpb-player-link", hidden: true }, pageLink, closePage);

  // a refused autosave shows why next to the file name it is about; the player page's, under the row
  const nameField = field("File", name);
  const fileError = h("p", { class: "bpb-field-error", role: "alert", hidden: true });
  /** @type {FormFields} */
  const fileFields = new Map([["name", { control: name, wrapper: nameField }]]);
  body.append(
    status,
    h(
      "div",
      { class: "bpb-row" },
      nameField,
      known,
      h(
        "div",
        { class: "bpb-controls" },
        button("Save", save, { cls: "bpb-primary" }),
        button("Load", load),
        newFightButton,
        h("label", { class: "bpb-check" }, autosave, " Autosave"),
        openPage,
        page,
      ),
    ),
    fileError,
    newFight,
    confirm,
  );

  let lastFile = "";
  const paint = () => {
    status.textContent = model.get("status") ?? "";
    status.classList.toggle("bpb-unsaved", !model.get("saved"));
    autosave.checked = Boolean(model.get("autosave"));
    const file = model.get("file") ?? "";
    if (file !== lastFile && document.activeElement !== name) name.value = file;
    lastFile = file;
    known.replaceChildren(...(model.get("files") ?? []).map((f) => h("option", { value: f.name })));
    const url = model.get("player_url") ?? "";
    openPage.hidden = Boolean(url);
    page.hidden = !url;
    if (url) pageLink.href = url;
  };
  // a refused autosave leaves the box as the kernel has it, not as it was ticked
  const paintRefusal = () => {
    autosave.checked = Boolean(model.get("autosave"));
  };
  model.on("change:error", paintRefusal);
  const paintFormError = () => {
    const error = model.get("form_error");
    const ofFile = error?.form === "autosave" || error?.form === "player_page";
    if (error?.message && !ofFile) toggleNewFight(true);
    showFormError(formError, optionFields, ofFile ? undefined : error, startButton.parentElement);
    showFormError(fileError, fileFields, ofFile ? error : undefined, newFight);
  };
  // a new fight started (a new part's state, its rules): the form's job is done
  const started = () => toggleNewFight(false);
  model.on("change:rule_sets", started);
  const stop = watch(model, ["status", "saved", "autosave", "file", "files", "player_url"], paint);
  const stopForm = watch(model, ["form_error"], paintFormError);
  return () => {
    stop();
    stopForm();
    model.off("change:error", paintRefusal);
    model.off("change:rule_sets", started);
    cleanup();
  };
}
