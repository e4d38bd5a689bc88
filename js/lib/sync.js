// @ts-check
// The protocol shared by every widget.
// Python is the authority: views send commands ({cmd: "end_turn", ...}) with model.send, and the
// kernel answers through synced traits. Large collections (per-combatant state, the log) are edited
// in place on the Python side and arrive here as small "patch" messages instead of whole traits.

/**
 * @import { AnyModel, InitializeProps } from "@anywidget/types"
 * @import { PatchMessage, Traits } from "./types.js"
 */

/**
 * Whether `msg` is a {type: "patch", traits: {...}} message (anything else on the channel is not).
 * @param {unknown} msg
 * @returns {msg is PatchMessage}
 */
function isPatch(msg) {
  if (typeof msg !== "object" || msg === null) return false;
  const { type, traits } = /** @type {{ type?: unknown, traits?: unknown }} */ (msg);
  return type === "patch" && typeof traits === "object" && traits !== null;
}

/**
 * Apply a {type: "patch", traits: {name: {set: {...}} | {splice: [start, items]}}} message.
 * @template {Traits} T
 * @param {AnyModel<T>} model
 * @param {unknown} msg
 */
export function applyPatch(model, msg) {
  if (!isPatch(msg)) return;
  for (const [name, patch] of Object.entries(msg.traits)) {
    if (typeof patch !== "object" || patch === null) continue;
    const trait = /** @type {keyof T} */ (name);
    const old = /** @type {unknown} */ (model.get(trait));
    if ("splice" in patch && Array.isArray(patch.splice)) {
      const [start, items] = patch.splice;
      const next = (Array.isArray(old) ? old : []).slice(0, start).concat(items);
      model.set(trait, /** @type {T[keyof T]} */ (next));
    } else if ("set" in patch && patch.set) {
      /** @type {Record<string, unknown>} */
      const next = { ...(typeof old === "object" && old !== null ? old : {}) };
      for (const [key, value] of Object.entries(patch.set)) {
        if (value === null) delete next[key];
        else next[key] = value;
      }
      model.set(trait, /** @type {T[keyof T]} */ (next));
    }
  }
}

/**
 * anywidget `initialize`: patches are applied once per model, whether or not a view is open.
 * @template {Traits} T
 * @param {Pick<InitializeProps<T>, "model">} props
 * @returns {() => void}
 */
export function initialize({ model }) {
  /** @param {unknown} msg */
  const onMessage = (msg) => applyPatch(model, msg);
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

/**
 * Send one command to the kernel.
 * @template {Traits} T
 * @param {AnyModel<T>} model
 * @param {string} cmd
 * @param {Record<string, unknown>} [args]
 */
export function command(model, cmd, args = {}) {
  model.send({ cmd, ...args });
}

/**
 * Call `paint()` now and after any change of the named traits, at most once per burst of changes.
 * Returns the cleanup for anywidget's render.
 * @template {Traits} T
 * @param {AnyModel<T>} model
 * @param {Array<keyof T & string>} names
 * @param {() => void} paint
 * @returns {() => void}
 */
export function watch(model, names, paint) {
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      paint();
    });
  };
  const events = names.map((name) => `change:${name}`);
  for (const event of events) model.on(event, schedule);
  paint();
  return () => {
    for (const event of events) model.off(event, schedule);
  };
}
