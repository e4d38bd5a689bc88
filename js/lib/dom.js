// Small DOM helpers. Everything a player typed goes in as text nodes, never as HTML.

/**
 * Create an element. `props`: "class", "text" (textContent), "on<event>" listeners, other attributes
 * (true -> present, false/null -> absent). String children become text nodes.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = String(value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  el.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return el;
}

/** A real <button> with a visible name, an optional one-key shortcut (shown in its tooltip). */
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

/** A labelled form control: <label>text <control></label>. */
export function field(text, control) {
  return h("label", { class: "bpb-field" }, h("span", { class: "bpb-field-name", text }), control);
}

/** A <select> of [value, label] pairs; keeps `selected` when it is still an option. */
export function fillSelect(select, options, selected) {
  const current = selected ?? select.value;
  select.replaceChildren(...options.map(([value, label]) => h("option", { value, text: label })));
  if (options.some(([value]) => value === current)) select.value = current;
  return select;
}

/** Turn "3/8" style exact odds plus a float into "37.5%". */
export function percent(probability) {
  return `${(100 * probability).toFixed(1).replace(/\.0$/, "")}%`;
}
