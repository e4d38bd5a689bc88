// @ts-check
// Files: Save, Load and New fight with a file name; the autosave file and whether the fight on
// screen has changes no file holds. Loading or a new fight asks first when those changes would
// be lost; saving over another fight asks first too.
import { button, field, h } from "../lib/dom.js";
import { frame } from "../lib/frame.js";
import { command, watch } from "../lib/sync.js";

/**
 * @import { FilesState, ModelLike, Traits } from "../lib/types.js"
 */

/**
 * Draw the files bar into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export function renderFiles({ model: anyModel, el }) {
  const model = /** @type {ModelLike<FilesState>} */ (/** @type {unknown} */ (anyModel));
  const { body, cleanup } = frame(el, model, { title: "Files", cls: "bpb-files" });
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
  const fresh = () => unlessUnsaved("Start a new fight", () => command(model, "new_fight", { keep: keep.checked }));
  autosave.addEventListener("change", () => command(model, "autosave", { on: autosave.checked }));
  name.addEventListener("focus", () => command(model, "list_files"));

  body.append(
    status,
    h(
      "div",
      { class: "bpb-row" },
      field("File", name),
      known,
      h(
        "div",
        { class: "bpb-controls" },
        button("Save", save, { cls: "bpb-primary" }),
        button("Load", load),
        button("New fight", fresh),
        h("label", { class: "bpb-check" }, keep, " keep the combatants"),
        h("label", { class: "bpb-check" }, autosave, " Autosave"),
      ),
    ),
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
  };
  const stop = watch(model, ["status", "saved", "autosave", "file", "files"], paint);
  return () => {
    stop();
    cleanup();
  };
}
