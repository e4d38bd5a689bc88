// js/player/page.js follow(): the stream a player's page follows, as a phone sleeps and wakes, on
// a stand-in EventSource, document and window (tests/player/test_sleep_wake.py covers Chromium).
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { follow } from "../player/page.js";

/** The streams opened, newest last. */
let streams;
let documentListeners;
let windowListeners;

class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  constructor(url) {
    this.url = url;
    this.readyState = FakeEventSource.CONNECTING;
    this.listeners = new Map();
    streams.push(this);
  }
  addEventListener(type, listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server sends an event (`id`: the view's version). */
  send(type, data, id) {
    if (this.readyState === FakeEventSource.CLOSED) return;
    this.readyState = FakeEventSource.OPEN;
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ type, data: JSON.stringify(data), lastEventId: id });
    }
  }
  /** The connection drops (`closed`: refused for good). */
  fail(closed = false) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    for (const listener of this.listeners.get("error") ?? []) listener({ type: "error" });
  }
}

const on = (listeners) => ({
  addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  removeEventListener: (type, listener) =>
    listeners.set(
      type,
      (listeners.get(type) ?? []).filter((other) => other !== listener),
    ),
});
const fire = (listeners, type, event = { type }) => {
  for (const listener of [...(listeners.get(type) ?? [])]) listener(event);
};

/** A page: its root (holding `controls`), its status line, and what was painted. */
function page() {
  const controls = [
    { disabled: false, dataset: {} },
    { disabled: false, dataset: {} },
  ];
  const root = {
    dataset: {},
    querySelectorAll: (selector) =>
      selector === "[data-held]" ? controls.filter((c) => "held" in c.dataset) : controls,
  };
  const status = { textContent: "" };
  const painted = [];
  const stop = follow(root, status, "events", (view) => painted.push(view), "Closed for good.");
  return { root, status, painted, controls, stop };
}

const view = (round) => ({ round, order: [], combatants: {} });

beforeEach(() => {
  streams = [];
  documentListeners = new Map();
  windowListeners = new Map();
  globalThis.EventSource = FakeEventSource;
  globalThis.document = { visibilityState: "visible", ...on(documentListeners) };
  globalThis.window = on(windowListeners);
  globalThis.requestAnimationFrame = (callback) => callback();
});

afterEach(() => {
  delete globalThis.EventSource;
  delete globalThis.window;
  delete globalThis.requestAnimationFrame;
});

describe("follow", () => {
  it("draws the whole view, then patches, and says it is connected", () => {
    const { root, status, painted } = page();
    streams[0].send("full", view(1), "1");
    streams[0].send("patch", { set: { round: 2 }, merge: {} }, "2");
    assert.deepEqual(
      painted.map((v) => v.round),
      [1, 2],
    );
    assert.equal(status.textContent, "Connected.");
    assert.equal(root.dataset.version, "2");
    assert.equal(root.dataset.connected, "true");
  });

  it("offers nothing while the stream is down, and says why", () => {
    const { status, controls } = page();
    streams[0].send("full", view(1), "1");
    streams[0].fail();
    assert.match(status.textContent, /reconnecting/);
    assert.ok(controls.every((c) => c.disabled));
    streams[0].fail(true);
    assert.equal(status.textContent, "Closed for good.");
  });

  it("lets the stream go while hidden and connects again at once when shown", () => {
    const { status, painted, controls } = page();
    streams[0].send("full", view(1), "1");
    document.visibilityState = "hidden";
    fire(documentListeners, "visibilitychange");
    assert.equal(streams[0].readyState, FakeEventSource.CLOSED);
    assert.equal(streams.length, 1);
    assert.equal(status.textContent, "Paused while the page is hidden.");
    assert.ok(controls.every((c) => c.disabled));
    document.visibilityState = "visible";
    fire(documentListeners, "visibilitychange");
    fire(documentListeners, "resume"); // the same wake: one reconnection
    fire(windowListeners, "online");
    assert.equal(streams.length, 2);
    assert.equal(status.textContent, "Reconnecting…");
    // the fight moved on meanwhile: the whole view, drawn
    streams[1].send("full", view(3), "5");
    assert.deepEqual(
      painted.map((v) => v.round),
      [1, 3],
    );
    assert.equal(status.textContent, "Connected.");
  });

  it("does not redraw the same view after a reconnection, and gives its controls back", () => {
    const { painted, controls } = page();
    controls[1].disabled = true; // disabled by the page itself: it stays so
    streams[0].send("full", view(1), "4");
    streams[0].fail();
    assert.ok(controls.every((c) => c.disabled));
    streams[0].send("full", view(1), "4"); // the browser's own reconnection: the same view
    assert.equal(streams.length, 1);
    assert.equal(painted.length, 1);
    assert.deepEqual(
      controls.map((c) => c.disabled),
      [false, true],
    );
  });

  it("wakes on a page restored from the back-forward cache only", () => {
    page();
    fire(windowListeners, "pageshow", { type: "pageshow", persisted: false });
    assert.equal(streams.length, 1);
    streams[0].send("full", view(1), "1");
    document.visibilityState = "hidden";
    fire(documentListeners, "visibilitychange");
    document.visibilityState = "visible";
    fire(windowListeners, "pageshow", { type: "pageshow", persisted: true });
    assert.equal(streams.length, 2);
  });

  it("stops: the stream closed, and no event wakes it again", () => {
    const { stop } = page();
    stop();
    assert.equal(streams[0].readyState, FakeEventSource.CLOSED);
    fire(windowListeners, "online");
    fire(documentListeners, "visibilitychange");
    assert.equal(streams.length, 1);
  });
});
