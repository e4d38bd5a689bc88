// js/lib/sync.js: the patch protocol, commands and batched painting.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { applyPatch, command, initialize, watch } from "../lib/sync.js";
import { fakeModel, tick } from "./fakes.js";

describe("applyPatch", () => {
  it("sets keys of a dict trait in a new object", () => {
    const states = { Ann: { acted: 0 }, Bo: { acted: 1 } };
    const model = fakeModel({ states });
    applyPatch(model, { type: "patch", traits: { states: { set: { Bo: { acted: 2 }, Cy: { acted: 0 } } } } });
    assert.deepEqual(model.get("states"), { Ann: { acted: 0 }, Bo: { acted: 2 }, Cy: { acted: 0 } });
    assert.notEqual(model.get("states"), states, "a new object, so the change is seen");
    assert.deepEqual(states, { Ann: { acted: 0 }, Bo: { acted: 1 } }, "the old value is left alone");
  });

  it("deletes a key whose value is null", () => {
    const model = fakeModel({ sheets: { Ann: { pc: true }, Bo: { pc: false } } });
    applyPatch(model, { type: "patch", traits: { sheets: { set: { Bo: null } } } });
    assert.deepEqual(model.get("sheets"), { Ann: { pc: true } });
  });

  it("keeps false, 0 and empty values (only null deletes)", () => {
    const model = fakeModel({ states: {} });
    applyPatch(model, { type: "patch", traits: { states: { set: { a: false, b: 0, c: "", d: [] } } } });
    assert.deepEqual(model.get("states"), { a: false, b: 0, c: "", d: [] });
  });

  it("sets keys of an absent dict trait", () => {
    const model = fakeModel();
    applyPatch(model, { type: "patch", traits: { states: { set: { Ann: 1, Bo: null } } } });
    assert.deepEqual(model.get("states"), { Ann: 1 });
  });

  it("splices a list trait: keeps what is before start, then the items", () => {
    const entries = ["a", "b", "x", "y"];
    const model = fakeModel({ entries });
    applyPatch(model, { type: "patch", traits: { entries: { splice: [2, ["c", "d", "e"]] } } });
    assert.deepEqual(model.get("entries"), ["a", "b", "c", "d", "e"]);
    assert.deepEqual(entries, ["a", "b", "x", "y"], "the old list is left alone");
  });

  it("splices at the end (appends), at 0 (replaces) and with no items (truncates)", () => {
    const model = fakeModel({ entries: ["a", "b"] });
    applyPatch(model, { type: "patch", traits: { entries: { splice: [2, ["c"]] } } });
    assert.deepEqual(model.get("entries"), ["a", "b", "c"]);
    applyPatch(model, { type: "patch", traits: { entries: { splice: [1, []] } } });
    assert.deepEqual(model.get("entries"), ["a"]);
    applyPatch(model, { type: "patch", traits: { entries: { splice: [0, ["z"]] } } });
    assert.deepEqual(model.get("entries"), ["z"]);
  });

  it("splices an absent list trait", () => {
    const model = fakeModel();
    applyPatch(model, { type: "patch", traits: { entries: { splice: [0, [{ round: 1 }]] } } });
    assert.deepEqual(model.get("entries"), [{ round: 1 }]);
  });

  it("patches several traits of one message, each once", () => {
    const model = fakeModel({ states: { Ann: 1 }, entries: [1] });
    let changes = 0;
    model.on("change:states", () => changes++);
    model.on("change:entries", () => changes++);
    applyPatch(model, {
      type: "patch",
      traits: { states: { set: { Bo: 2 } }, entries: { splice: [1, [2]] } },
    });
    assert.deepEqual(model.get("states"), { Ann: 1, Bo: 2 });
    assert.deepEqual(model.get("entries"), [1, 2]);
    assert.equal(changes, 2);
  });

  it("ignores anything that is not a patch message, and a trait's patch it does not know", () => {
    const garbage = [
      null,
      undefined,
      0,
      42,
      "patch",
      true,
      [],
      {},
      { type: "other", traits: { states: { set: { a: 1 } } } },
      { type: "patch" },
      { type: "patch", traits: null },
      { type: "patch", traits: "states" },
      { type: "patch", traits: 7 },
      { type: "patch", traits: { states: null } },
      { type: "patch", traits: { states: "set" } },
      { type: "patch", traits: { states: {} } },
      { type: "patch", traits: { states: { set: null } } },
      { type: "patch", traits: { states: { splice: "0" } } },
      { type: "patch", traits: { states: { replace: { a: 1 } } } },
    ];
    const model = fakeModel({ states: { Ann: 1 } });
    for (const msg of garbage) {
      assert.doesNotThrow(() => applyPatch(model, msg), `message ${JSON.stringify(msg)}`);
    }
    assert.deepEqual(model.sets, []);
    assert.deepEqual(model.get("states"), { Ann: 1 });
  });
});

describe("initialize", () => {
  it("applies the kernel's patch messages until its cleanup runs", () => {
    const model = fakeModel({ states: {} });
    const cleanup = initialize({ model });
    model.emit("msg:custom", { type: "patch", traits: { states: { set: { Ann: 1 } } } }, []);
    assert.deepEqual(model.get("states"), { Ann: 1 });
    model.emit("msg:custom", { cmd: "not a patch" }, []);
    assert.deepEqual(model.get("states"), { Ann: 1 });
    cleanup();
    assert.equal(model.listening("msg:custom"), 0);
    model.emit("msg:custom", { type: "patch", traits: { states: { set: { Bo: 2 } } } }, []);
    assert.deepEqual(model.get("states"), { Ann: 1 });
  });
});

describe("command", () => {
  it("sends the command name and its arguments", () => {
    const model = fakeModel();
    command(model, "set_order", { names: ["Bo", "Ann"] });
    command(model, "undo_to", { index: 3 });
    assert.deepEqual(model.sent, [
      { cmd: "set_order", names: ["Bo", "Ann"] },
      { cmd: "undo_to", index: 3 },
    ]);
  });

  it("sends the name alone without arguments", () => {
    const model = fakeModel();
    command(model, "end_turn");
    assert.deepEqual(model.sent, [{ cmd: "end_turn" }]);
  });

  it("changes no trait", () => {
    const model = fakeModel({ round: 1 });
    command(model, "start", { round: 5 });
    assert.deepEqual(model.sets, []);
  });
});

describe("watch", () => {
  it("paints at once, synchronously", () => {
    const model = fakeModel({ round: 0 });
    let paints = 0;
    watch(model, ["round"], () => paints++);
    assert.equal(paints, 1);
  });

  it("paints once for several changes in one tick, after the tick", async () => {
    const model = fakeModel({ round: 0, current: null, order: [] });
    const seen = [];
    watch(model, ["round", "current", "order"], () => seen.push([model.get("round"), model.get("current")]));
    model.set("round", 1);
    model.set("current", "Ann");
    model.set("order", ["Ann", "Bo"]);
    model.set("round", 2);
    assert.equal(seen.length, 1, "not painted again before the tick ends");
    await tick();
    assert.deepEqual(seen, [
      [0, null],
      [2, "Ann"],
    ]);
  });

  it("paints again for changes in a later tick", async () => {
    const model = fakeModel({ round: 0 });
    let paints = 0;
    watch(model, ["round"], () => paints++);
    model.set("round", 1);
    await tick();
    model.set("round", 2);
    await tick();
    assert.equal(paints, 3);
  });

  it("does not paint for traits it does not watch", async () => {
    const model = fakeModel({ round: 0, error: "" });
    let paints = 0;
    watch(model, ["round"], () => paints++);
    model.set("error", "Unknown command");
    await tick();
    assert.equal(paints, 1);
  });

  it("cleanup unsubscribes from every watched trait", async () => {
    const model = fakeModel({ round: 0, current: null });
    let paints = 0;
    const cleanup = watch(model, ["round", "current"], () => paints++);
    assert.equal(model.listening("change:round"), 1);
    assert.equal(model.listening("change:current"), 1);
    cleanup();
    assert.equal(model.listening(), 0);
    model.set("round", 1);
    model.set("current", "Ann");
    await tick();
    assert.equal(paints, 1);
  });

  it("two views of one model paint independently, and one's cleanup leaves the other", async () => {
    const model = fakeModel({ round: 0 });
    let first = 0;
    let second = 0;
    const stopFirst = watch(model, ["round"], () => first++);
    watch(model, ["round"], () => second++);
    stopFirst();
    model.set("round", 1);
    await tick();
    assert.deepEqual([first, second], [1, 2]);
  });
});
