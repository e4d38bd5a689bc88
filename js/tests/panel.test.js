// js/lib/panel.js: one part's view of the host's model, as if it were a model of its own.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { panelModel } from "../lib/panel.js";
import { applyPatch, initialize } from "../lib/sync.js";
import { hostModel, patch } from "./fakes.js";

/** The host of a screen: the order of play and the combatants. */
const screen = () =>
  hostModel({
    strip: { error: "", round: 1, current: "Ann", order: ["Ann", "Bo"], states: { Ann: { acted: 0 } } },
    roster: { error: "", current: "Ann", cards: { Ann: { out: false }, Bo: { out: false } } },
  });

/** Record which change events of `panel` fire, by field. */
function record(panel, fields) {
  const fired = [];
  for (const field of fields) panel.on(`change:${field}`, () => fired.push(field));
  return fired;
}

describe("panelModel: get", () => {
  it("reads the panel's own fields", () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    const roster = panelModel(model, "roster");
    assert.equal(strip.get("round"), 1);
    assert.deepEqual(strip.get("order"), ["Ann", "Bo"]);
    assert.equal(roster.get("round"), undefined, "not another panel's");
    assert.deepEqual(roster.get("cards"), { Ann: { out: false }, Bo: { out: false } });
  });

  it("reads the state as it is now, after a patch or a new panels trait", () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    applyPatch(model, patch({ strip: [{ field: "round", value: 2 }] }));
    assert.equal(strip.get("round"), 2);
    model.set("panels", { strip: { round: 7 } });
    assert.equal(strip.get("round"), 7);
  });

  it("reads nothing of a panel the host does not have, or before the host has panels", () => {
    assert.equal(panelModel(screen(), "defense").get("error"), undefined);
    assert.equal(panelModel(hostModel(undefined), "strip").get("round"), undefined);
  });
});

describe("panelModel: change events", () => {
  it("fire only for the fields whose value object changed", () => {
    const model = screen();
    initialize({ model });
    const strip = panelModel(model, "strip");
    const fired = record(strip, ["round", "current", "order", "states", "error"]);
    model.emit(
      "msg:custom",
      patch({
        strip: [
          { field: "current", value: "Bo" },
          { field: "states", set: { Ann: { acted: 1 } } },
        ],
      }),
    );
    assert.deepEqual(fired.sort(), ["current", "states"]);
  });

  it("do not fire for another panel's edits", () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    const roster = panelModel(model, "roster");
    const stripFired = record(strip, ["round", "current", "error"]);
    const rosterFired = record(roster, ["current", "cards", "error"]);
    applyPatch(model, patch({ roster: [{ field: "cards", set: { Bo: { out: true } } }] }));
    assert.deepEqual(stripFired, []);
    assert.deepEqual(rosterFired, ["cards"]);
  });

  it("do not fire when a field gets the very same value object back", () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    const fired = record(strip, ["order", "round"]);
    const panels = model.get("panels");
    // a new state object for the panel, with the same field values
    model.set("panels", { ...panels, strip: { ...panels.strip } });
    assert.deepEqual(fired, []);
  });

  it("fire for a field that appears or disappears", () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    const fired = record(strip, ["changes", "states"]);
    const { states: _gone, ...rest } = model.get("panels").strip;
    model.set("panels", { ...model.get("panels"), strip: { ...rest, changes: ["x"] } });
    assert.deepEqual(fired.sort(), ["changes", "states"]);
  });

  it("fire every listener of the field, once per change", () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    let first = 0;
    let second = 0;
    strip.on("change:round", () => first++);
    strip.on("change:round", () => second++);
    applyPatch(model, patch({ strip: [{ field: "round", value: 2 }] }));
    applyPatch(model, patch({ strip: [{ field: "round", value: 3 }] }));
    assert.deepEqual([first, second], [2, 2]);
  });

  it("stop for a callback taken off, or for every callback of the event", () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    let kept = 0;
    let dropped = 0;
    const drop = () => dropped++;
    strip.on("change:round", () => kept++);
    strip.on("change:round", drop);
    strip.off("change:round", drop);
    applyPatch(model, patch({ strip: [{ field: "round", value: 2 }] }));
    assert.deepEqual([kept, dropped], [1, 0]);
    strip.off("change:round");
    applyPatch(model, patch({ strip: [{ field: "round", value: 3 }] }));
    assert.deepEqual([kept, dropped], [1, 0]);
  });

  it("stop for good when the panel model is disposed", () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    const roster = panelModel(model, "roster");
    const fired = record(strip, ["round"]);
    const rosterFired = record(roster, ["current"]);
    assert.equal(model.listening("change:panels"), 2);
    strip.dispose();
    assert.equal(model.listening("change:panels"), 1);
    applyPatch(model, patch({ strip: [{ field: "round", value: 2 }], roster: [{ field: "current", value: "Bo" }] }));
    assert.deepEqual(fired, []);
    assert.deepEqual(rosterFired, ["current"], "the other panel goes on");
  });

  it("a garbage patch fires nothing", () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    const fired = record(strip, ["round", "current", "order", "states", "error"]);
    applyPatch(model, patch({ strip: [null, { field: "order", splice: [0, "x"] }, { value: 3 }] }));
    applyPatch(model, { type: "patch", panels: "strip" });
    assert.deepEqual(fired, []);
  });
});

describe("panelModel: send", () => {
  it("addresses every command to its panel", () => {
    const model = screen();
    panelModel(model, "strip").send({ cmd: "end_turn" });
    panelModel(model, "roster").send({ cmd: "defeat", name: "Bo" });
    assert.deepEqual(model.sent, [
      { cmd: "end_turn", panel: "strip" },
      { cmd: "defeat", name: "Bo", panel: "roster" },
    ]);
  });

  it("names its own panel whatever the content says", () => {
    const model = screen();
    panelModel(model, "strip").send({ cmd: "undo", panel: "roster" });
    assert.deepEqual(model.sent, [{ cmd: "undo", panel: "strip" }]);
  });

  it("changes no trait", () => {
    const model = screen();
    panelModel(model, "strip").send({ cmd: "start", round: 5 });
    assert.deepEqual(model.sets, []);
    assert.equal(model.get("panels").strip.round, 1);
  });
});

describe("panelModel: the answer to a command", () => {
  /** The page's frames, run when the test says: each `nextFrame()` runs the frame's callbacks,
   * then the tasks they queued. */
  let frames = [];
  const nextFrame = async () => {
    const due = frames;
    frames = [];
    for (const callback of due) callback(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  beforeEach(() => {
    frames = [];
    globalThis.requestAnimationFrame = (callback) => frames.push(callback);
  });
  afterEach(() => {
    delete globalThis.requestAnimationFrame;
  });
  const both = patch({
    strip: [{ field: "round", value: 2 }],
    roster: [{ field: "current", value: "Bo" }],
  });

  it("is drawn at once in the panel that sent the command, after the next frame in the others", async () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    const roster = panelModel(model, "roster");
    const stripFired = record(strip, ["round"]);
    const rosterFired = record(roster, ["current"]);
    strip.send({ cmd: "end_turn" });
    applyPatch(model, both);
    assert.deepEqual(stripFired, ["round"]);
    assert.deepEqual(rosterFired, [], "not before the frame");
    assert.equal(roster.get("current"), "Bo", "its state is already the new one");
    await nextFrame();
    assert.deepEqual(rosterFired, ["current"]);
    await nextFrame();
    assert.deepEqual([stripFired, rosterFired], [["round"], ["current"]], "once each");
  });

  it("holds back only the answer: a later change reaches every panel at once", async () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    const roster = panelModel(model, "roster");
    const rosterFired = record(roster, ["current", "cards"]);
    roster.send({ cmd: "defeat", name: "Bo" });
    applyPatch(model, patch({ roster: [{ field: "cards", set: { Bo: { out: true } } }] }));
    assert.deepEqual(rosterFired, ["cards"]);
    await Promise.resolve();
    applyPatch(model, patch({ roster: [{ field: "current", value: "Bo" }] }));
    assert.deepEqual(rosterFired, ["cards", "current"]);
    assert.equal(strip.get("round"), 1);
    assert.equal(frames.length, 0, "nothing waited for a frame");
  });

  it("a panel held back and then disposed is not drawn", async () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    const roster = panelModel(model, "roster");
    const rosterFired = record(roster, ["current"]);
    strip.send({ cmd: "end_turn" });
    applyPatch(model, both);
    roster.dispose();
    await nextFrame();
    assert.deepEqual(rosterFired, []);
  });

  it("a change before the frame is drawn with the held-back one, once", async () => {
    const model = screen();
    const strip = panelModel(model, "strip");
    const roster = panelModel(model, "roster");
    const rosterFired = record(roster, ["current", "cards"]);
    strip.send({ cmd: "end_turn" });
    applyPatch(model, both);
    await Promise.resolve();
    applyPatch(model, patch({ roster: [{ field: "cards", set: { Bo: { out: true } } }] }));
    assert.deepEqual(rosterFired.sort(), ["cards", "current"], "the later change brings both");
    await nextFrame();
    assert.deepEqual(rosterFired.sort(), ["cards", "current"], "and the frame adds nothing");
  });
});
