// @ts-check
// One panel's view of its host's model: the panel's state as if it were a model of its own, so a
// panel renders the same alone (TurnOrderStrip) or in a screen of several (GMScreen).
/**
 * @import { AnyModel } from "@anywidget/types"
 * @import { HostTraits, ModelLike, Traits } from "./types.js"
 */

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
  const onPanels = () => {
    const next = state();
    if (next === last) return;
    const before = last;
    last = next;
    for (const field of new Set([...Object.keys(before), ...Object.keys(next)])) {
      if (before[field] === next[field]) continue;
      for (const callback of [...(listeners.get(`change:${field}`) ?? [])]) callback();
    }
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
    send: (content) => model.send({ .../** @type {object} */ (content), panel: key }),
    dispose: () => model.off("change:panels", onPanels),
  };
}
