// @ts-check
// The frame every widget shares: a titled region, an error line and one-key shortcuts.
import { h } from "./dom.js";

/**
 * @import { ModelLike, PartState } from "./types.js"
 */

const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/**
 * Build the widget's root in `el`. `keys` maps a lower-case key to a handler; shortcuts work while
 * focus is inside the widget and not in a text field (JupyterLab's own shortcuts are suppressed there).
 * @template {PartState} T
 * @param {HTMLElement} el
 * @param {ModelLike<T>} model
 * @param {{ title: string, cls: string, keys?: Record<string, () => void> }} options
 */
export function frame(el, model, { title, cls, keys = {} }) {
  const error = h("p", { class: "bpb-error", role: "alert" });
  const body = h("div", { class: "bpb-body" });
  const root = h(
    "section",
    { class: `bpb ${cls}`, "aria-label": title, "data-lm-suppress-shortcuts": "true" },
    h("h3", { class: "bpb-title", text: title }),
    body,
    error,
  );
  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || TYPING.has(/** @type {Element} */ (event.target).tagName))
      return;
    const handler = keys[event.key.toLowerCase()];
    if (!handler) return;
    event.preventDefault();
    event.stopPropagation();
    handler();
  });
  const paintError = () => {
    error.textContent = model.get("error") ?? "";
    error.hidden = !error.textContent;
  };
  model.on("change:error", paintError);
  paintError();
  el.replaceChildren(root);
  return { root, body, cleanup: () => model.off("change:error", paintError) };
}
