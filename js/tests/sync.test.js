// js/lib/sync.js: the patch protocol (each part's fields edited in the host's `panels` trait),
// commands and batched painting.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { applyPatch, command, initialize, watch } from "../lib/sync.js";
import { fakeModel, hostModel, patch, tick } from "./fakes.js";

describe("applyPatch: field values", () => {
  it("sets a field's value in a new panel state and a new panels object", () => {
    const strip = { round: 1, current: "Ann", order: ["Ann", "Bo"] };
    const roster = { names: ["Ann", "Bo"] };
    const panels = { strip, roster };
    const model = hostModel(panels);
    applyPatch(model, patch({ strip: [{ field: "current", value: "Bo" }] }));
    const after = model.get("panels");
    assert.deepEqual(after.strip, { round: 1, current: "Bo", order: ["Ann", "Bo"] });
    assert.notEqual(after, panels, "a new panels object, so the change is seen");
    assert.notEqual(after.strip, strip, "a new state for the panel edited");
    assert.equal(after.roster, roster, "the other panels keep their state object");
    assert.equal(after.strip.order, strip.order, "and the fields not edited keep theirs");
    assert.deepEqual(strip, { round: 1, current: "Ann", order: ["Ann", "Bo"] }, "the old state is left alone");
  });

  it("sets a field to null, false, 0 or an empty value", () => {
    const model = hostModel({ strip: { current: "Ann", can_undo: true, round: 3, order: ["Ann"], error: "x" } });
    applyPatch(
      model,
      patch({
        strip: [
          { field: "current", value: null },
          { field: "can_undo", value: false },
          { field: "round", value: 0 },
          { field: "order", value: [] },
          { field: "error", value: "" },
        ],
      }),
    );
    assert.deepEqual(model.get("panels").strip, { current: null, can_undo: false, round: 0, order: [], error: "" });
  });

  it("adds a field, and a panel, it did not have", () => {
    const model = hostModel({ strip: { round: 1 } });
    applyPatch(model, patch({ strip: [{ field: "changes", value: ["x"] }], log: [{ field: "first", value: 0 }] }));
    assert.deepEqual(model.get("panels"), { strip: { round: 1, changes: ["x"] }, log: { first: 0 } });
  });

  it("applies a panel's edits in order, several panels in one set", () => {
    const model = hostModel({ strip: { round: 1 }, roster: { current: null } });
    let changes = 0;
    model.on("change:panels", () => changes++);
    applyPatch(
      model,
      patch({
        strip: [
          { field: "round", value: 2 },
          { field: "round", value: 3 },
        ],
        roster: [{ field: "current", value: "Ann" }],
      }),
    );
    assert.deepEqual(model.get("panels"), { strip: { round: 3 }, roster: { current: "Ann" } });
    assert.equal(changes, 1);
    assert.deepEqual(model.sets, ["panels"]);
  });

  it("works without a panels trait yet", () => {
    const model = fakeModel();
    applyPatch(model, patch({ strip: [{ field: "round", value: 1 }] }));
    assert.deepEqual(model.get("panels"), { strip: { round: 1 } });
  });
});

describe("applyPatch: set (keys of a dict field)", () => {
  it("sets keys in a new object and leaves the old one alone", () => {
    const states = { Ann: { acted: 0 }, Bo: { acted: 1 } };
    const model = hostModel({ strip: { states } });
    applyPatch(model, patch({ strip: [{ field: "states", set: { Bo: { acted: 2 }, Cy: { acted: 0 } } }] }));
    const after = model.get("panels").strip.states;
    assert.deepEqual(after, { Ann: { acted: 0 }, Bo: { acted: 2 }, Cy: { acted: 0 } });
    assert.notEqual(after, states);
    assert.equal(after.Ann, states.Ann, "the keys not set keep their value object");
    assert.deepEqual(states, { Ann: { acted: 0 }, Bo: { acted: 1 } });
  });

  it("deletes a key whose value is null, and keeps false, 0 and empty values", () => {
    const model = hostModel({ roster: { cards: { Ann: { out: false }, Bo: { out: true } } } });
    applyPatch(model, patch({ roster: [{ field: "cards", set: { Bo: null, a: false, b: 0, c: "", d: [] } }] }));
    assert.deepEqual(model.get("panels").roster.cards, { Ann: { out: false }, a: false, b: 0, c: "", d: [] });
  });

  it("sets keys of a field that was absent", () => {
    const model = hostModel({ roster: {} });
    applyPatch(model, patch({ roster: [{ field: "cards", set: { Ann: 1, Bo: null } }] }));
    assert.deepEqual(model.get("panels").roster.cards, { Ann: 1 });
  });
});

describe("applyPatch: splice (a list field from an index on)", () => {
  it("keeps what is before start, then the items, in a new list", () => {
    const entries = ["a", "b", "x", "y"];
    const model = hostModel({ log: { entries } });
    applyPatch(model, patch({ log: [{ field: "entries", splice: [2, ["c", "d", "e"]] }] }));
    assert.deepEqual(model.get("panels").log.entries, ["a", "b", "c", "d", "e"]);
    assert.deepEqual(entries, ["a", "b", "x", "y"], "the old list is left alone");
  });

  it("appends at the end, replaces at 0, truncates with no items", () => {
    const model = hostModel({ log: { entries: ["a", "b"] } });
    const entries = () => model.get("panels").log.entries;
    applyPatch(model, patch({ log: [{ field: "entries", splice: [2, ["c"]] }] }));
    assert.deepEqual(entries(), ["a", "b", "c"]);
    applyPatch(model, patch({ log: [{ field: "entries", splice: [1, []] }] }));
    assert.deepEqual(entries(), ["a"]);
    applyPatch(model, patch({ log: [{ field: "entries", splice: [0, ["z"]] }] }));
    assert.deepEqual(entries(), ["z"]);
  });

  it("splices a field that was absent", () => {
    const model = hostModel({ log: {} });
    applyPatch(model, patch({ log: [{ field: "entries", splice: [0, [{ round: 1 }]] }] }));
    assert.deepEqual(model.get("panels").log.entries, [{ round: 1 }]);
  });

  it("mixes edits of one field: a new window, then an entry appended", () => {
    const model = hostModel({ log: { first: 0, entries: ["a"] } });
    applyPatch(
      model,
      patch({
        log: [
          { field: "first", value: 5 },
          { field: "entries", value: ["f", "g"] },
          { field: "entries", splice: [2, ["h"]] },
        ],
      }),
    );
    assert.deepEqual(model.get("panels").log, { first: 5, entries: ["f", "g", "h"] });
  });
});

describe("applyPatch: what is not a patch", () => {
  const state = () => ({ strip: { round: 1, order: ["Ann"], states: { Ann: { acted: 0 } } } });

  it("ignores messages that are not patches", () => {
    const garbage = [
      null,
      undefined,
      0,
      42,
      "patch",
      true,
      [],
      {},
      { type: "other", panels: { strip: [{ field: "round", value: 9 }] } },
      { type: "patch" },
      { type: "patch", panels: null },
      { type: "patch", panels: "strip" },
      { type: "patch", panels: 7 },
      { type: "patch", traits: { round: { value: 9 } } },
      { type: "patch", panels: { strip: null } },
      { type: "patch", panels: { strip: "round" } },
      { type: "patch", panels: { strip: { field: "round", value: 9 } } },
      { type: "patch", panels: [[{ field: "round", value: 9 }]] },
    ];
    const model = hostModel(state());
    for (const msg of garbage) {
      assert.doesNotThrow(() => applyPatch(model, msg), `message ${JSON.stringify(msg)}`);
    }
    assert.deepEqual(model.sets, []);
    assert.deepEqual(model.get("panels"), state());
  });

  it("ignores edits it cannot read, and applies the good ones beside them", () => {
    const edits = [
      null,
      7,
      "round",
      [],
      {},
      { value: 9 },
      { field: 3, value: 9 },
      { field: null, value: 9 },
      { field: "round" },
      { field: "round", set: null },
      { field: "order", splice: "0" },
      { field: "order", splice: [0] },
      { field: "order", splice: [0, "Bo"] },
      { field: "order", splice: ["1", ["Bo"]] },
      { field: "order", splice: [-1, ["Bo"]] },
      { field: "states", set: ["Bo"] },
      { field: "states", replace: { Bo: {} } },
      { field: "current", value: "Ann" },
    ];
    const model = hostModel(state());
    assert.doesNotThrow(() => applyPatch(model, patch({ strip: edits })));
    assert.deepEqual(JSON.parse(JSON.stringify(model.get("panels"))), {
      strip: { ...state().strip, current: "Ann" },
    });
    assert.deepEqual(model.get("panels").strip.order, ["Ann"]);
    assert.equal(model.get("panels").strip.round, 1);
  });
});

describe("initialize", () => {
  it("applies the kernel's patch messages until its cleanup runs", () => {
    const model = hostModel({ strip: { round: 0 } });
    const cleanup = initialize({ model });
    model.emit("msg:custom", patch({ strip: [{ field: "round", value: 1 }] }), []);
    assert.equal(model.get("panels").strip.round, 1);
    model.emit("msg:custom", { cmd: "not a patch" }, []);
    assert.equal(model.get("panels").strip.round, 1);
    cleanup();
    assert.equal(model.listening("msg:custom"), 0);
    model.emit("msg:custom", patch({ strip: [{ field: "round", value: 2 }] }), []);
    assert.equal(model.get("panels").strip.round, 1);
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
    const model = hostModel({ strip: { round: 1 } });
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
