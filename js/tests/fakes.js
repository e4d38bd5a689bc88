// Stand-ins for what the widgets get from anywidget and the browser, just enough for js/lib.

/**
 * An anywidget model: traits with get/set, "change:<name>" events on set (as Backbone fires them),
 * custom messages sent (`sent`) and received (`emit("msg:custom", msg)`).
 */
export function fakeModel(traits = {}) {
  const values = { ...traits };
  const listeners = new Map();
  const sent = [];
  const sets = [];
  const emit = (event, ...args) => {
    for (const callback of [...(listeners.get(event) ?? [])]) callback(...args);
  };
  return {
    sent,
    sets,
    emit,
    get: (name) => values[name],
    set(name, value) {
      const old = values[name];
      values[name] = value;
      sets.push(name);
      if (old !== value) emit(`change:${name}`);
    },
    on(event, callback) {
      if (!listeners.has(event)) listeners.set(event, []);
      listeners.get(event).push(callback);
    },
    off(event, callback) {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((other) => other !== callback),
      );
    },
    send(content) {
      sent.push(content);
    },
    /** How many callbacks listen to `event` (or to any event). */
    listening(event) {
      if (event !== undefined) return (listeners.get(event) ?? []).length;
      return [...listeners.values()].reduce((total, list) => total + list.length, 0);
    },
  };
}

/**
 * A host's model (widgets/_host.py `Host`): the `panels` trait (each part's state by its key) and
 * `layout_panels`, as a fakeModel.
 */
export function hostModel(panels = {}, layout = Object.keys(panels)) {
  return fakeModel({ panels, layout_panels: layout });
}

/** A kernel patch message: `edits` maps a panel's key to its field edits. */
export const patch = (edits) => ({ type: "patch", panels: edits });

/** Let every queued microtask run. */
export const tick = () => new Promise((resolve) => setImmediate(resolve));

class FakeText {
  constructor(data) {
    this.data = data;
    this.parentNode = null;
  }
  get textContent() {
    return this.data;
  }
}

class FakeElement {
  constructor(tagName, namespaceURI = "http://www.w3.org/1999/xhtml") {
    this.tagName = tagName.toUpperCase();
    this.namespaceURI = namespaceURI;
    this.childNodes = [];
    this.parentNode = null;
    this.attributes = new Map();
    this.listeners = new Map();
    this.className = "";
    this.hidden = false;
  }
  get children() {
    return this.childNodes.filter((node) => node instanceof FakeElement);
  }
  /** The class names, as a DOMTokenList's toggle, add, remove and contains. */
  get classList() {
    const names = () => this.className.split(" ").filter(Boolean);
    const write = (list) => {
      this.className = list.join(" ");
    };
    return {
      contains: (name) => names().includes(name),
      add: (...added) => write([...new Set([...names(), ...added])]),
      remove: (...removed) => write(names().filter((name) => !removed.includes(name))),
      toggle: (name, force = !names().includes(name)) => {
        write(force ? [...new Set([...names(), name])] : names().filter((other) => other !== name));
        return force;
      },
    };
  }
  get textContent() {
    return this.childNodes.map((node) => node.textContent).join("");
  }
  set textContent(text) {
    this.replaceChildren(String(text));
  }
  get value() {
    if (this.tagName === "OPTION") return this.getAttribute("value") ?? this.textContent;
    if (this.tagName !== "SELECT") return this.attributes.get("value") ?? "";
    const options = this.children;
    return (options.find((option) => option.selected) ?? options[0])?.value ?? "";
  }
  set value(value) {
    if (this.tagName !== "SELECT") this.setAttribute("value", value);
    else for (const option of this.children) option.selected = option.value === String(value);
  }
  append(...nodes) {
    for (const node of nodes) {
      const child = typeof node === "string" ? new FakeText(node) : node;
      child.parentNode?.removeChild(child);
      child.parentNode = this;
      this.childNodes.push(child);
    }
  }
  replaceChildren(...nodes) {
    for (const child of this.childNodes) child.parentNode = null;
    this.childNodes = [];
    this.append(...nodes);
  }
  removeChild(child) {
    this.childNodes = this.childNodes.filter((node) => node !== child);
    child.parentNode = null;
  }
  remove() {
    this.parentNode?.removeChild(this);
  }
  /** Records that the element was given the focus. */
  focus() {
    this.focused = true;
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    return this.attributes.get(name) ?? null;
  }
  hasAttribute(name) {
    return this.attributes.has(name);
  }
  addEventListener(type, listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(listener);
  }
  removeEventListener(type, listener) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((other) => other !== listener),
    );
  }
  /** Call this element's listeners of `event.type` (no bubbling); returns the event. */
  dispatch(event) {
    for (const listener of [...(this.listeners.get(event.type) ?? [])]) listener(event);
    return event;
  }
  /** The descendants (depth first) for which `test(element)` holds. */
  findAll(test) {
    return this.children.flatMap((child) => (test(child) ? [child, ...child.findAll(test)] : child.findAll(test)));
  }
}

/** A keyboard event for FakeElement.dispatch that records preventDefault and stopPropagation. */
export function keydown(key, { target = new FakeElement("div"), ...modifiers } = {}) {
  return {
    type: "keydown",
    key,
    target,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...modifiers,
    prevented: false,
    stopped: false,
    preventDefault() {
      this.prevented = true;
    },
    stopPropagation() {
      this.stopped = true;
    },
  };
}

/** Install a `document` that makes FakeElements (for js/lib/dom.js, frame.js, odds.js). */
export function installFakeDocument() {
  globalThis.document = {
    createElement: (tag) => new FakeElement(tag),
    createElementNS: (namespace, tag) => new FakeElement(tag, namespace),
    getElementById: () => null,
  };
  return { element: (tag) => new FakeElement(tag) };
}
