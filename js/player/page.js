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
 * Follow the view at `events` and draw it into `root`. After each repaint, `root.dataset` holds
 * the version drawn and when (ms since the epoch), which the browser tests and the benchmark read.
 * @param {HTMLElement} root
 * @param {string} events The events' URL, token included.
 * @returns {() => void} Stop following.
 */
export function startPlayerPage(root, events) {
  const status = h("p", { class: "bpb-player-status", role: "status", text: "Connecting…" });
  const view = h("div", { class: "bpb bpb-player bpb-player-big" });
  root.replaceChildren(view, status);
  /** @type {PlayerViewState | null} */
  let state = null;
  const source = new EventSource(events);
  /** @param {MessageEvent} event @param {(data: unknown) => PlayerViewState | null} next */
  const apply = (event, next) => {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    state = next(data);
    paintView(view, state);
    const version = event.lastEventId;
    requestAnimationFrame(() => {
      root.dataset.version = version;
      root.dataset.paintedAt = String(performance.timeOrigin + performance.now());
    });
  };
  source.addEventListener("full", (event) => apply(event, (data) => /** @type {PlayerViewState} */ (data)));
  source.addEventListener("patch", (event) => apply(event, (data) => patched(state, data)));
  source.addEventListener("open", () => {
    status.textContent = "";
    root.dataset.connected = "true";
  });
  source.addEventListener("error", () => {
    // the browser retries a dropped connection by itself; a refusal (the view stopped, or served
    // again under a new address) ends the stream for good
    status.textContent =
      source.readyState === EventSource.CLOSED
        ? "The player view has closed: ask the GM for its new address."
        : "Connection lost: reconnecting…";
    root.dataset.connected = "false";
  });
  return () => source.close();
}
