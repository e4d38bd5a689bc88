// @ts-check
// The protocol shared by every widget.
// Python is the authority: views send commands ({panel: "strip", cmd: "end_turn", ...}) with
// model.send, and the kernel answers through the host's one synced trait, `panels` (each panel's
// state). Fields are edited in place on the Python side and arrive here as small "patch" messages.

/**
 * @import { AnyModel, InitializeProps } from "@anywidget/types"
 * @import { FieldEdit, HostTraits, ModelLike, PatchMessage, Traits } from "./types.js"
 */

/**
 * Whether `msg` is a {type: "patch", panels: {...}} message (anything else on the channel is not).
 * @param {unknown} msg
 * @returns {msg is PatchMessage}
 */
function isPatch(msg) {
  if (typeof msg !== "object" || msg === null) return false;
  const { type, panels } = /** @type {{ type?: unknown, panels?: unknown }} */ (msg);
  return type === "patch" && typeof panels === "object" && panels !== null && !Array.isArray(panels);
}

/**
 * One field after one edit: a new value, keys set (null removes one), or a list spliced.
 * @param {unknown} old
 * @param {FieldEdit} edit
 * @returns {unknown}
 */
function edited(old, edit) {
  if ("value" in edit) return edit.value;
  if ("splice" in edit && Array.isArray(edit.splice)) {
    const [start, items] = edit.splice;
    // a splice the kernel would never send (a start that is no index, items that are no list)
    // would put junk in the list: left out
    if (!Number.isInteger(start) || start < 0 || !Array.isArray(items)) return old;
    return (Array.isArray(old) ? old : []).slice(0, start).concat(items);
  }
  if ("set" in edit && typeof edit.set === "object" && edit.set !== null && !Array.isArray(edit.set)) {
    /** @type {Record<string, unknown>} */
    const next = { ...(typeof old === "object" && old !== null ? old : {}) };
    for (const [key, value] of Object.entries(edit.set)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    return next;
  }
  return old;
}

/**
 * Apply a {type: "patch", panels: {key: [{field, value} | {field, set} | {field, splice}]}}
 * message to the host's `panels` trait. Only the panels and fields edited get new objects, so a
 * view repaints only what changed.
 * @param {AnyModel<HostTraits>} model
 * @param {unknown} msg
 */
export function applyPatch(model, msg) {
  if (!isPatch(msg)) return;
  const panels = { ...(model.get("panels") ?? {}) };
  let touched = false;
  for (const [key, edits] of Object.entries(msg.panels)) {
    if (!Array.isArray(edits)) continue;
    const state = { ...(panels[key] ?? {}) };
    for (const edit of edits) {
      if (typeof edit !== "object" || edit === null || typeof edit.field !== "string") continue;
      state[edit.field] = edited(state[edit.field], edit);
    }
    panels[key] = state;
    touched = true;
  }
  if (touched) model.set("panels", panels);
}

/**
 * anywidget `initialize`: patches are applied once per model, whether or not a view is open.
 * @param {Pick<InitializeProps<HostTraits>, "model">} props
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
 * @param {ModelLike<T>} model
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
 * @param {ModelLike<T>} model
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
