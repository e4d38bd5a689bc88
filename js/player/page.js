// @ts-check
// The player page a TV shows (served by bpb_widgets/player/server.py): it follows the kernel's
// server-sent events ("full": the whole view as it connects or reconnects, "patch": what changed)
// and draws each; it sends nothing. EventSource reconnects by itself after a dropped connection;
// the page also connects again at once when it shows again (a phone waking) or is back online.
import { h } from "../lib/dom.js";
import { paintView, patched } from "./render.js";

/**
 * @import { PlayerViewState } from "../lib/types.js"
 */

/** A wake within this many ms of a reconnection is the same wake (visibilitychange, resume, online…). */
const WAKE_MS = 1000;

/**
 * Follow the view at `events`, each event's view (whole, or patched onto the one before) handed
 * to `paint`; `status` says in words how the connection stands, and `closed` what a stream closed
 * for good means (the view stopped, or its address replaced). After each repaint, `root.dataset`
 * holds the version drawn and when (ms since the epoch), which the browser tests and the benchmark
 * read.
 *
 * A phone sleeps: its browser may keep a connection that died meanwhile, or give up retrying.
 * So the page lets the stream go while it is hidden, and connects again at once as it shows again
 * (or the network comes back), instead of waiting for the browser's next try; the server sends
 * the whole view first. While the stream is down, the page's buttons and boxes are disabled, so
 * a stale page never offers what the kernel would refuse; the next view brings them back (the
 * same view again, after a reconnection, is not redrawn: what was typed stays).
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
  /** The version of the view drawn (the stream's event id). */
  let drawn = "";
  /** @type {EventSource | null} */
  let source = null;
  /** When the stream was last (re)opened (several events say a phone woke: one reconnection). */
  let opened = Number.NEGATIVE_INFINITY;

  /** The connection is down (`words` say why): nothing on the page can be sent until a view comes. */
  const hold = (/** @type {string} */ words) => {
    status.textContent = words;
    root.dataset.connected = "false";
    for (const control of root.querySelectorAll("button, input, select, textarea")) {
      const it = /** @type {HTMLButtonElement} */ (control);
      if (!it.disabled) {
        it.disabled = true;
        it.dataset.held = "";
      }
    }
  };
  const live = () => {
    status.textContent = "Connected.";
    root.dataset.connected = "true";
    for (const control of root.querySelectorAll("[data-held]")) {
      const it = /** @type {HTMLButtonElement} */ (control);
      it.disabled = false;
      delete it.dataset.held;
    }
  };

  /** @param {MessageEvent} event @param {(data: unknown) => V | null} next */
  const apply = (event, next) => {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    const version = event.lastEventId;
    if (event.type === "full" && state !== null && version === drawn) {
      live(); // the view drawn, again (a reconnection): nothing to redraw
      return;
    }
    state = next(data);
    drawn = version;
    paint(state);
    live();
    requestAnimationFrame(() => {
      root.dataset.version = version;
      root.dataset.paintedAt = String(performance.timeOrigin + performance.now());
    });
  };

  const connect = () => {
    source?.close();
    opened = performance.now();
    const stream = new EventSource(events);
    source = stream;
    stream.addEventListener("full", (event) => apply(event, (data) => /** @type {V} */ (data)));
    stream.addEventListener("patch", (event) => apply(event, (data) => /** @type {V | null} */ (patched(state, data))));
    stream.addEventListener("error", () => {
      // the browser retries a dropped connection by itself; a refusal ends the stream for good
      hold(stream.readyState === EventSource.CLOSED ? closed : "Connection lost: reconnecting…");
    });
  };
  /** Let the stream go while the page is hidden (a phone asleep, another app in front). */
  const sleep = () => {
    source?.close();
    source = null;
    hold("Paused while the page is hidden.");
  };
  /** Shown again, or back online: connect again now. */
  const wake = () => {
    if (document.visibilityState === "hidden" || (source && performance.now() - opened < WAKE_MS)) return;
    hold("Reconnecting…");
    connect();
  };
  const shown = () => (document.visibilityState === "hidden" ? sleep() : wake());
  /** @param {Event} event */
  const restored = (event) => {
    if (/** @type {PageTransitionEvent} */ (event).persisted) wake();
  };
  const offline = () => hold("No network: reconnecting when it is back…");

  document.addEventListener("visibilitychange", shown);
  document.addEventListener("resume", wake);
  window.addEventListener("online", wake);
  window.addEventListener("offline", offline);
  window.addEventListener("pageshow", restored);
  connect();
  return () => {
    document.removeEventListener("visibilitychange", shown);
    document.removeEventListener("resume", wake);
    window.removeEventListener("online", wake);
    window.removeEventListener("offline", offline);
    window.removeEventListener("pageshow", restored);
    source?.close();
    source = null;
  };
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
