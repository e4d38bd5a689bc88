// js/player/render.js: the player view drawn from the kernel's projection, and its patches, on a
// minimal fake document (tests/player/test_in_browser.py covers the real one).
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { paintView, patched } from "../player/render.js";
import { installFakeDocument } from "./fakes.js";

let fake;
beforeEach(() => {
  fake = installFakeDocument();
  const make = globalThis.document.createElement;
  globalThis.document.createElement = (tag) => Object.assign(make(tag), { style: {} });
});

const entry = (over = {}) => ({
  side: "heroes",
  players: true,
  group: false,
  aware: true,
  acted: false,
  delaying: false,
  out: false,
  conditions: [],
  health: null,
  ...over,
});

const view = () => ({
  title: "Bulletproof Blues",
  started: true,
  round: 2,
  current: "<b>Ann</b>",
  order: ["<b>Ann</b>", "Thug"],
  combatants: {
    "<b>Ann</b>": entry({
      health: { label: "Endurance", value: 3, maximum: 6, apart: 1, apart_label: "stunning", extra: [] },
      conditions: [{ name: "prone", until: "until the end of Ann's next turn", by: "" }],
    }),
    Thug: entry({ side: "villains", players: false, acted: true, health: { reads: "badly hurt" } }),
  },
});

const rows = (el) => el.findAll((node) => node.className.split(" ").includes("bpb-player-row"));

describe("paintView", () => {
  it("shows the round, whose turn it is and the order, names as text", () => {
    const el = fake.element("div");
    paintView(el, view());
    assert.match(el.textContent, /^Round 2 · <b>Ann<\/b>'s turn/);
    const [ann, thug] = rows(el);
    assert.equal(ann.getAttribute("data-name"), "<b>Ann</b>");
    assert.equal(ann.getAttribute("aria-current"), "true");
    assert.equal(thug.hasAttribute("aria-current"), false);
    assert.equal(el.findAll((node) => node.tagName === "B").length, 0);
  });

  it("shows exact numbers for the players' side and words for the others", () => {
    const el = fake.element("div");
    paintView(el, view());
    const [ann, thug] = rows(el);
    assert.match(ann.textContent, /Endurance 3\/6 · 1 stunning/);
    assert.match(ann.textContent, /prone · until the end of Ann's next turn/);
    assert.match(thug.textContent, /villains.*acted.*badly hurt/);
    const fill = ann.findAll((node) => node.className === "bpb-player-fill")[0];
    assert.equal(fill.style.width, "50%");
  });

  it("waits for a view, and reads as not started before the fight", () => {
    const el = fake.element("div");
    paintView(el, null);
    assert.match(el.textContent, /Waiting/);
    paintView(el, { ...view(), started: false, round: 0, current: null });
    assert.match(el.textContent, /^The fight has not started/);
  });
});

describe("patched", () => {
  it("replaces fields and merges changed combatants", () => {
    const next = patched(view(), { set: { current: "Thug" }, merge: { Thug: entry({ side: "villains" }) } });
    assert.equal(next?.current, "Thug");
    assert.equal(next?.combatants.Thug.acted, false);
    assert.ok(next?.combatants["<b>Ann</b>"]);
  });

  it("takes combatants whole when someone left the view", () => {
    const only = { Thug: entry() };
    const next = patched(view(), { set: { order: ["Thug"], combatants: only }, merge: {} });
    assert.deepEqual(Object.keys(next?.combatants ?? {}), ["Thug"]);
  });

  it("ignores what is not a patch, and a patch before the first view", () => {
    const before = view();
    assert.equal(patched(before, null), before);
    assert.equal(patched(before, "x"), before);
    assert.equal(patched(null, { set: { round: 3 }, merge: {} }), null);
    assert.deepEqual(patched(before, { set: { round: 3 }, merge: [] })?.combatants, before.combatants);
  });
});
