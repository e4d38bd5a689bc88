// @ts-check
// One panel's view of its host's model: the panel's state as if it were a model of its own, so a
// panel renders the same alone (TurnOrderStrip) or in a screen of several (GMScreen).
/**
 * @import { AnyModel } from "@anywidget/types"
 * @import { HostTraits, ModelLike, Traits } from "./types.js"
 */

/**
 * The panel each host model last sent a command from, until the kernel's answer arrives. That
 * panel is redrawn at once and the others after the next frame, so the frame after a click holds
 * only the clicked panel's answer: a hit's answers on the GM screen are not held back by the log's
 * new line and the order of play's marks (docs/performance.md, "A seventh look").
 * @type {WeakMap<object, string>}
 */
const acting = new WeakMap();

/** @param {() => void} callback */
const afterNextFrame = (callback) => requestAnimationFrame(() => setTimeout(callback, 0));

/**
 * The model of panel `key`: `get(field)` reads its state, `on("change:field")` fires when that
 * field got a new value, `send` addresses its commands to it.
 * @template {Traits} S
 * @param {AnyModel<HostTraits>} model
 * @param {string} key
 * @returns {ModelLike<S> & { dispose: () => void }}
 */
export function panelModel(model, key) {
  /** @type {Map<string, Set<() => void>>} */
  const listeners = new Map();
  /** @returns {Record<string, unknown>} */
  const state = () => model.get("panels")?.[key] ?? {};
  let last = state();
  let disposed = false;
  const notify = () => {
    const next = state();
    if (disposed || next === last) return;
    const before = last;
    last = next;
    for (const field of new Set([...Object.keys(before), ...Object.keys(next)])) {
      if (before[field] === next[field]) continue;
      for (const callback of [...(listeners.get(`change:${field}`) ?? [])]) callback();
    }
  };
  const onPanels = () => {
    const from = acting.get(model);
    if (from !== undefined) queueMicrotask(() => acting.delete(model));
    if (from === undefined || from === key || state() === last) notify();
    else afterNextFrame(notify);
  };
  model.on("change:panels", onPanels);
  return {
    get: (field) => /** @type {S[typeof field]} */ (state()[/** @type {string} */ (field)]),
    on(event, callback) {
      const set = listeners.get(event) ?? new Set();
      set.add(callback);
      listeners.set(event, set);
    },
    off(event, callback) {
      if (callback) listeners.get(event)?.delete(callback);
      else listeners.delete(event);
    },
    send: (content) => {
      acting.set(model, key);
      model.send({ .../** @type {object} */ (content), panel: key });
    },
    dispose: () => {
      disposed = true;
      model.off("change:panels", onPanels);
    },
  };
}
