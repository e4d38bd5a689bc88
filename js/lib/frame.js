// @ts-check
// The frame every widget shares: a titled region, an error line and one-key shortcuts.
import { h } from "./dom.js";

/**
 * @import { ModelLike, PartState } from "./types.js"
 */

const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);
/** What a keyboard can focus in a panel. */
const CONTROLS = "button, input, select, textarea, summary, [tabindex]";

/**
 * Whether `el` can have the focus: in the page, shown (not inside a part set aside) and enabled.
 * @param {Element} el
 */
const focusable = (el) => el.isConnected && !el.matches(":disabled") && (el.checkVisibility?.() ?? true);

/**
 * When the kernel's answer hides the control that has the focus (Attack once it hits, an answer
 * once it is given), the browser drops the focus to the page, and a keyboard would start again at
 * its top with the panel's keys gone: the focus goes instead to what the panel asks for now, its
 * first primary button (the first answer, Attack again), else its first control, else the widget.
 * @param {HTMLElement} root
 */
function keepFocus(root) {
  root.addEventListener("focusout", (event) => {
    if (event.relatedTarget !== null) return; // the focus moved on to something
    const left = /** @type {Element} */ (event.target);
    // decided once the page's style is up to date: a control hidden loses the focus in the middle
    // of the browser's update, when what else is shown is not known yet
    setTimeout(() => {
      const active = document.activeElement;
      // the focus was put somewhere since, or left a control still there (a click outside)
      if ((active !== null && active !== document.body) || focusable(left)) return;
      const next = [...root.querySelectorAll(".bpb-primary"), ...root.querySelectorAll(CONTROLS)].find(focusable);
      /** @type {HTMLElement | null} */ (next ?? root.closest("[tabindex]"))?.focus();
    });
  });
}

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
  keepFocus(root);
  // a refusal a form shows next to its field (or a card in its own form) is said there only,
  // not again at the foot of the panel: one alert, where the GM is looking
  const shownInForm = () => {
    const state = /** @type {{ get(key: string): { message?: string } | undefined }} */ (
      /** @type {unknown} */ (model)
    );
    return [state.get("form_error")?.message, state.get("card_error")?.message];
  };
  const paintError = () => {
    const message = model.get("error") ?? "";
    error.textContent = shownInForm().includes(message) ? "" : message;
    error.hidden = !error.textContent;
  };
  const events = ["change:error", "change:form_error", "change:card_error"];
  for (const name of events) model.on(name, paintError);
  paintError();
  el.replaceChildren(root);
  const cleanup = () => {
    for (const name of events) model.off(name, paintError);
  };
  return { root, body, cleanup };
}
