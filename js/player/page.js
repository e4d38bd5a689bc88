// @ts-check
// The player page a TV shows (served by bpb_widgets/player/server.py): it follows the kernel's
// server-sent events ("full": the whole view as it connects or reconnects, "patch": what changed)
// and draws each; it sends nothing. EventSource reconnects by itself after a dropped connection.
import { h } from "../lib/dom.js";
import { paintView, patched } from "./render.js";

/**
 * @import { PlayerViewState } from "../lib/types.js"
 */

/**
 * Follow the view at `events`, each event's view (whole, or patched onto the one before) handed
 * to `paint`; `status` says how the connection stands and `closed` what a stream closed for good
 * means (the view stopped, or its address replaced). After each repaint, `root.dataset` holds the
 * version drawn and when (ms since the epoch), which the browser tests and the benchmark read.
 * @template {PlayerViewState} V
 * @param {HTMLElement} root
 * @param {HTMLElement} status
 * @param {string} events The events' URL.
 * @param {(view: V | null) => void} paint
 * @param {string} closed
 * @returns {() => void} Stop following.
 */
export function follow(root, status, events, paint, closed) {
  /** @type {V | null} */
  let state = null;
  const source = new EventSource(events);
  /** @param {MessageEvent} event @param {(data: unknown) => V | null} next */
  const apply = (event, next) => {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    state = next(data);
    paint(state);
    const version = event.lastEventId;
    requestAnimationFrame(() => {
      root.dataset.version = version;
      root.dataset.paintedAt = String(performance.timeOrigin + performance.now());
    });
  };
  source.addEventListener("full", (event) => apply(event, (data) => /** @type {V} */ (data)));
  source.addEventListener("patch", (event) => apply(event, (data) => /** @type {V | null} */ (patched(state, data))));
  source.addEventListener("open", () => {
    status.textContent = "";
    root.dataset.connected = "true";
  });
  source.addEventListener("error", () => {
    // the browser retries a dropped connection by itself; a refusal ends the stream for good
    status.textContent = source.readyState === EventSource.CLOSED ? closed : "Connection lost: reconnecting…";
    root.dataset.connected = "false";
  });
  return () => source.close();
}

/**
 * Follow the view at `events` and draw it into `root` (the TV's page).
 * @param {HTMLElement} root
 * @param {string} events The events' URL, token included.
 * @returns {() => void} Stop following.
 */
export function startPlayerPage(root, events) {
  const status = h("p", { class: "bpb-player-status", role: "status", text: "Connecting…" });
  const view = h("div", { class: "bpb bpb-player bpb-player-big" });
  root.replaceChildren(view, status);
  return follow(
    root,
    status,
    events,
    (state) => paintView(view, state),
    "The player view has closed: ask the GM for its new address.",
  );
}
