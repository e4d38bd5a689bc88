// The protocol shared by every widget.
// Python is the authority: views send commands ({cmd: "end_turn", ...}) with model.send, and the
// kernel answers through synced traits. Large collections (per-combatant state, the log) are edited
// in place on the Python side and arrive here as small "patch" messages instead of whole traits.

/** Apply a {type: "patch", traits: {name: {set: {...}} | {splice: [start, items]}}} message. */
export function applyPatch(model, msg) {
  if (!msg || msg.type !== "patch" || typeof msg.traits !== "object") return;
  for (const [name, patch] of Object.entries(msg.traits)) {
    const old = model.get(name);
    if (Array.isArray(patch.splice)) {
      const [start, items] = patch.splice;
      model.set(name, (old ?? []).slice(0, start).concat(items));
    } else if (patch.set) {
      const next = { ...(old ?? {}) };
      for (const [key, value] of Object.entries(patch.set)) {
        if (value === null) delete next[key];
        else next[key] = value;
      }
      model.set(name, next);
    }
  }
}

/** anywidget `initialize`: patches are applied once per model, whether or not a view is open. */
export function initialize({ model }) {
  const onMessage = (msg) => applyPatch(model, msg);
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

/** Send one command to the kernel. */
export function command(model, cmd, args = {}) {
  model.send({ cmd, ...args });
}

/**
 * Call `paint()` now and after any change of the named traits, at most once per burst of changes.
 * Returns the cleanup for anywidget's render.
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
