// @ts-check
// The frame every widget shares: a titled region, an error line and one-key shortcuts.
import { h, setText } from "./dom.js";

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
 * A panel's one-key shortcut: what it does, and its words in the key map (`?`); a shortcut whose
 * `confirm` says what pressing it again would do asks before doing it twice in a row (D D delays
 * one turn, then asks whether to delay the next one too).
 * @typedef {(() => void) & { label?: string, confirm?: () => string }} Shortcut
 */

/**
 * The keys each panel's frame offers now, by its region: what the host routes a key to when the
 * focus is elsewhere in the screen (a panel's title, blank space, another panel).
 * @type {WeakMap<Element, { keys: Record<string, Shortcut>, title: string, ask: (key: string, act: () => void, question: string | null) => boolean, cancel: () => boolean }>}
 */
const offered = new WeakMap();

/** Controls a keyboard operates with Enter and Space itself: a shortcut never takes those. */
const OPERATED = "button, a[href], summary, select, input, textarea, [role='button']";

/**
 * The shortcut key of `event` (lower case), or null when the key belongs to what has the focus:
 * typing in a field (letters stay shortcuts in a box for dice, `data-shortcuts="letters"`, which
 * takes digits and spaces only), Enter or Space on a control, a chord, a held key repeating.
 * @param {KeyboardEvent} event
 * @returns {string | null}
 */
export function shortcutOf(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  const target = /** @type {HTMLElement} */ (event.target);
  const key = event.key.toLowerCase();
  if (TYPING.has(target.tagName)) {
    const letters = target.dataset?.shortcuts === "letters" && /^([a-z?]|escape)$/.test(key);
    if (!letters) return null;
  }
  if ((key === "enter" || key === " ") && target.closest?.(OPERATED)) return null;
  return key;
}

/**
 * Run the shortcut `key` of the first panel shown inside `scope` that offers it now (the panels
 * in the order they are laid out; not one behind its disclosure button); whether one did.
 * @param {Element} scope
 * @param {string} key
 * @param {KeyboardEvent} event
 */
export function routeKey(scope, key, event) {
  for (const section of scope.querySelectorAll?.("section.bpb") ?? []) {
    if (!(section.checkVisibility?.() ?? true)) continue; // behind its disclosure button
    const panel = offered.get(section);
    const act = panel?.keys[key];
    if (!panel || !act) continue;
    event.preventDefault();
    event.stopPropagation();
    if (!event.repeat) run(panel, key, act);
    return true;
  }
  return false;
}

/**
 * Escape: drop the question a repeated key asked in any panel inside `scope`; whether one was.
 * @param {Element} scope
 */
export function cancelAsking(scope) {
  let any = false;
  for (const section of scope.querySelectorAll?.("section.bpb") ?? []) any = offered.get(section)?.cancel() || any;
  return any;
}

/**
 * The keys available now in the panels inside `scope`: [panel title, keys (separated by a space,
 * or a range of digits), what they do].
 * @param {Element} scope
 * @returns {Array<[string, string, string]>}
 */
export function keyMap(scope) {
  /** @type {Array<[string, string, string]>} */
  const rows = [];
  for (const section of scope.querySelectorAll("section.bpb")) {
    const panel = offered.get(section);
    if (!panel || !(section.checkVisibility?.() ?? true)) continue;
    for (const [key, act] of Object.entries(panel.keys)) {
      const button = section.querySelector(`[aria-keyshortcuts="${key}"]`);
      const label = act.label ?? button?.textContent ?? key;
      // keys that do the same make one row: the digits typing the dice "0–9", A and Enter "a enter"
      const same = rows.find(([title, , what]) => title === panel.title && what === label);
      if (!same) rows.push([panel.title, key, label]);
      else if (/^\d/.test(same[1]) && /^\d$/.test(key)) same[1] = `${same[1].split("–")[0]}–${key}`;
      else same[1] = `${same[1]} ${key}`;
    }
  }
  return rows;
}

/**
 * Run `act`, the shortcut `key` of `panel`, asking first when it repeats the last key.
 * @param {{ ask: (key: string, act: () => void, question: string | null) => boolean }} panel
 * @param {string} key
 * @param {Shortcut} act
 */
function run(panel, key, act) {
  const asked = panel.ask(key, act, act.confirm?.() ?? null);
  lastKey = { key, at: Date.now() };
  if (!asked) act();
}

/**
 * The shortcut last run in any panel, and when: a key "pressed again" is this one, with no
 * other shortcut (in any panel) or click between.
 */
let lastKey = { key: "", at: 0 };

/**
 * Build the widget's root in `el`. `keys` maps a lower-case key to a handler; shortcuts work while
 * focus is inside the panel and not in a text field, and (in a screen of several) wherever the
 * focus is in the screen: the host routes a key no panel with the focus took to the panel that
 * offers it (`routeKey`). JupyterLab's own shortcuts are suppressed there.
 * @template {PartState} T
 * @param {HTMLElement} el
 * @param {ModelLike<T>} model
 * @param {{ title: string, cls: string, keys?: Record<string, Shortcut>, tuck?: boolean }} options `tuck`: a
 *   panel a GM does not need every turn, which table mode shows behind a disclosure button
 */
export function frame(el, model, { title, cls, keys = {}, tuck = false }) {
  const error = h("p", { class: "bpb-error", role: "alert" });
  // a key pressed twice in a row asks here before doing it again (a visible step)
  const asking = h("p", { class: "bpb-asking", role: "status" });
  const body = h("div", { class: "bpb-body" });
  const root = h(
    "section",
    { class: `bpb ${cls}`, "aria-label": title, "data-lm-suppress-shortcuts": "true", "data-tuck": tuck },
    h("h3", { class: "bpb-title", text: title }),
    body,
    asking,
    error,
  );
  /** A question waiting for its key again. @type {{ key: string, act: () => void } | null} */
  let pending = null;
  const settle = () => {
    pending = null;
    setText(asking, "");
  };
  /**
   * Ask before running `key` twice in a row within a few seconds (`question`, null: never ask);
   * whether it asked, or ran the answer.
   * @param {string} key
   * @param {() => void} act
   * @param {string | null} question
   */
  const ask = (key, act, question) => {
    if (pending?.key === key && lastKey.key === key) {
      settle();
      act();
      return true;
    }
    settle();
    const again = question !== null && lastKey.key === key && Date.now() - lastKey.at < 4000;
    if (!again) return false;
    pending = { key, act };
    setText(asking, `${question} Press ${key.toUpperCase()} again to do it, Escape to cancel.`);
    return true;
  };
  const cancel = () => {
    const had = pending !== null;
    settle();
    return had;
  };
  offered.set(root, { keys, title, ask, cancel });
  root.addEventListener("keydown", (event) => {
    const key = shortcutOf(event);
    if (key === "escape" && pending) {
      settle();
      event.stopPropagation();
      return;
    }
    if (key === null) return;
    const handler = keys[key];
    if (!handler) return;
    event.preventDefault();
    event.stopPropagation();
    if (!event.repeat) run({ ask }, key, handler);
  });
  // any other key or click ends the question
  root.addEventListener("click", () => {
    if (pending) settle();
    lastKey = { key: "", at: 0 };
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
