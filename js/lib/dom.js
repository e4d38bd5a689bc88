// @ts-check
// Small DOM helpers. Everything a player typed goes in as text nodes, never as HTML.

/**
 * @import { ModelLike, PartState } from "./types.js"
 */

/**
 * An attribute value, `text`, or an `on<event>` listener.
 * @typedef {string | number | boolean | null | undefined | EventListener} Prop
 */

/**
 * A child of `h`: a node, a string (a text node), or nothing (null, undefined, false are skipped).
 * @typedef {Node | string | null | undefined | false} Child
 */

/**
 * Create an element. `props`: "class", "text" (textContent), "on<event>" listeners, other attributes
 * (true -> present, false/null -> absent). String children become text nodes.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, Prop>} [props]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  el.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return el;
}

/**
 * A real <button> with a visible name, an optional one-key shortcut (shown in its tooltip).
 * @param {string} label
 * @param {EventListener} onclick
 * @param {{ key?: string | null, cls?: string, title?: string | null }} [options]
 */
export function button(label, onclick, { key = null, cls = "", title = null } = {}) {
  return h("button", {
    type: "button",
    class: `bpb-button ${cls}`.trim(),
    text: label,
    title: title ?? (key ? `${label} (${key.toUpperCase()})` : null),
    "aria-keyshortcuts": key,
    onclick,
  });
}

/**
 * A labelled form control: <label>text <control></label>.
 * @param {string} text
 * @param {HTMLElement} control
 */
export function field(text, control) {
  return h("label", { class: "bpb-field" }, h("span", { class: "bpb-field-name", text }), control);
}

/**
 * A form's fields by the name the kernel blames, each its control and its labelled wrapper.
 * @typedef {Map<string, { control: HTMLElement, wrapper: HTMLElement }>} FormFields
 */

/**
 * Show a refused form's reason next to the field the kernel blames (`error.field`, marked
 * invalid), or, blaming none, before `fallback`; nothing when there is no message.
 * @param {HTMLElement} line the form's error line (role="alert")
 * @param {FormFields} fields
 * @param {{ field?: string, message?: string } | undefined} error
 * @param {Element | null} fallback
 */
export function showFormError(line, fields, error, fallback) {
  for (const { control, wrapper } of fields.values()) {
    control.removeAttribute("aria-invalid");
    wrapper.classList.remove("bpb-invalid");
  }
  line.hidden = !error?.message;
  if (!error?.message) return;
  line.textContent = error.message;
  const blamed = fields.get(error.field ?? "");
  if (blamed) {
    blamed.control.setAttribute("aria-invalid", "true");
    blamed.wrapper.classList.add("bpb-invalid");
    blamed.wrapper.after(line);
  } else fallback?.before(line);
}

/** What each element was last drawn from (`redraw`). @type {WeakMap<Element, string>} */
const drawn = new WeakMap();

/**
 * Replace `el`'s children with `build()`'s unless they were last drawn from the same `key`: a
 * repaint that changes nothing writes nothing, so the page has no style or layout work to redo.
 * @param {Element} el
 * @param {string} key
 * @param {() => Array<Node | string>} build
 */
export function redraw(el, key, build) {
  if (drawn.get(el) === key) return;
  drawn.set(el, key);
  el.replaceChildren(...build());
}

/**
 * Set `el`'s text unless it already reads so (see `redraw`).
 * @param {Element} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Run `next` when the page is idle, within `wait` ms at the latest (at once where there is no
 * idle callback); returns its cancel.
 * @param {() => void} next
 * @param {number} wait
 * @returns {() => void}
 */
export function whenIdle(next, wait) {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(next, { timeout: wait });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(next, 0);
  return () => clearTimeout(id);
}

/** Options a <select> is given at once; a longer list (a big fight's names) comes in later. */
export const OPTIONS_AT_ONCE = 50;

/** Each long <select> whose other options are still to come, and the cancel of their coming. */
const filling = new WeakMap();

/**
 * A <select> of [value, label] pairs; keeps `selected` when it is still an option. The options
 * are rebuilt only when they changed (a 500-name select is not redrawn on every paint). A list
 * longer than `OPTIONS_AT_ONCE` shows the chosen option at once and gets the others when the GM
 * reaches for it (pointer, focus or key) or the page is idle, whichever comes first: a
 * 500-combatant screen's four name lists cost its first paint about 40 ms of style and layout.
 * @param {HTMLSelectElement} select
 * @param {Array<[string, string]>} options
 * @param {string | null} [selected]
 */
export function fillSelect(select, options, selected) {
  const current = selected ?? select.value;
  const key = JSON.stringify(options);
  const all = () => options.map(([value, label]) => h("option", { value, text: label }));
  filling.get(select)?.();
  if (options.length > OPTIONS_AT_ONCE && drawn.get(select) !== key) {
    const [value, label] = options.find(([other]) => other === current) ?? options[0];
    select.replaceChildren(h("option", { value, text: label }));
    const events = ["pointerdown", "focus", "keydown"];
    const fill = () => {
      stop();
      const chosen = select.value;
      redraw(select, key, all);
      select.value = chosen;
    };
    const idle = whenIdle(fill, 200);
    const stop = () => {
      idle();
      filling.delete(select);
      for (const event of events) select.removeEventListener(event, fill);
    };
    for (const event of events) select.addEventListener(event, fill);
    filling.set(select, stop);
    return select;
  }
  redraw(select, key, all);
  if (options.some(([value]) => value === current)) select.value = current;
  return select;
}

/**
 * Turn "3/8" style exact odds plus a float into "37.5%".
 * @param {number} probability
 */
export function percent(probability) {
  return `${(100 * probability).toFixed(1).replace(/\.0$/, "")}%`;
}

/**
 * The physical dice in `text` ("3 5", "3,5" or "3+5"), or null to roll.
 * @param {string} text
 * @returns {number[] | null}
 */
export function parseDice(text) {
  const values = text
    .trim()
    .split(/[\s,+]+/)
    .filter(Boolean)
    .map(Number);
  return values.length ? values : null;
}

/**
 * What is typed in `input` for one command: the returned function reads it with `read` (e.g.
 * `parseDice`). The box empties once the kernel has used it (the panel shows a new result), so
 * the next roll does not reuse it by mistake; a refused command (the panel shows an error) leaves
 * it there to correct. Emptying on the kernel's answer, not on the click, also spares the browser
 * a repaint while the kernel works (docs/performance.md).
 * @template {PartState & { result: unknown }} T
 * @template R
 * @param {ModelLike<T>} model the panel's model
 * @param {HTMLInputElement} input
 * @param {(text: string) => R} read
 * @returns {() => R}
 */
export function typedOnce(model, input, read) {
  let sent = "";
  model.on("change:result", () => {
    if (sent && input.value === sent) input.value = "";
    sent = "";
  });
  model.on("change:error", () => {
    if (model.get("error")) sent = "";
  });
  return () => {
    sent = input.value;
    return read(sent);
  };
}

/**
 * The box that spends a plot point on the next roll's automatic success (seed 004, "Automatic
 * Success"), shown while the one who rolls next (`plot`) has plot points; one already bought
 * is said instead. `take()` reads it for a command; it is unticked once the kernel has used it.
 * @template {PartState & { result: unknown, plot: import("./types.js").PlotOffer | import("./types.js").Unset<import("./types.js").PlotOffer> }} T
 * @param {ModelLike<T>} model
 */
export function plotPointBox(model) {
  const box = h("input", { type: "checkbox" });
  const text = h("span");
  const label = h("label", { class: "bpb-check bpb-plot-point", hidden: true }, box, text);
  let sent = false;
  model.on("change:result", () => {
    if (sent) box.checked = false;
    sent = false;
  });
  const paint = () => {
    const plot = model.get("plot") ?? {};
    label.hidden = !plot.roller;
    box.hidden = Boolean(plot.waiting);
    if (!plot.roller) box.checked = false;
    else
      setText(
        text,
        plot.waiting
          ? `${plot.roller}'s automatic success (a plot point) waits for this roll`
          : ` Plot point: automatic success for ${plot.roller} (${plot.points} left)`,
      );
  };
  model.on("change:plot", paint);
  paint();
  return {
    label,
    box,
    /** Whether to spend a plot point on the roll now sent. */
    take: () => {
      sent = box.checked && !box.hidden;
      return sent;
    },
  };
}

/**
 * Show a part's result in `el`: the lines it logged, marked as a success or a failure when it is
 * one (a roll), plain otherwise; nothing once the kernel has dropped it.
 * @param {HTMLElement} el
 * @param {{ lines?: string[], success?: boolean }} result
 */
export function showResult(el, result) {
  setText(el, (result.lines ?? []).join("\n"));
  el.classList.toggle("bpb-success", result.success === true);
  el.classList.toggle("bpb-failure", result.success === false);
}
