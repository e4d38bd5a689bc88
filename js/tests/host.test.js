// js/lib/host.js: the host lays out the panels its model names, each drawn by its renderer with a
// model of its own; keys pressed inside never reach the notebook (a minimal fake document; the
// browser tests in tests/ui cover the real one).
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { host } from "../lib/host.js";
import { applyPatch } from "../lib/sync.js";
import { hostModel, installFakeDocument, keydown, patch } from "./fakes.js";

let fake;
beforeEach(() => {
  fake = installFakeDocument();
});

/** Renderers that record what they were given and whether they were cleaned up. */
function recording(keys) {
  const drawn = [];
  const renderers = {};
  for (const key of keys) {
    renderers[key] = ({ model, el }) => {
      const record = { key, model, el, stopped: false };
      el.textContent = `${key} round ${model.get("round")}`;
      drawn.push(record);
      return () => {
        record.stopped = true;
      };
    };
  }
  return { drawn, renderers };
}

const cells = (el) => el.findAll((node) => (node.className ?? "").startsWith("bpb-cell"));

describe("host", () => {
  it("draws each panel the model names that it has a renderer for, in order", () => {
    const { drawn, renderers } = recording(["strip", "roster", "log"]);
    const model = hostModel({ strip: { round: 1 }, roster: {}, log: {}, secret: {} }, ["strip", "secret", "log"]);
    const el = fake.element("div");
    host(renderers).render({ model, el });
    assert.deepEqual(
      drawn.map((d) => d.key),
      ["strip", "log"],
    );
    assert.deepEqual(
      cells(el).map((cell) => cell.className),
      ["bpb-cell bpb-cell-strip bpb-wide", "bpb-cell bpb-cell-log"],
    );
    assert.equal(cells(el)[0].textContent, "strip round 1");
  });

  it("gives each renderer its panel's model: its own state, commands addressed to it", () => {
    const { drawn, renderers } = recording(["strip", "roster"]);
    const model = hostModel({ strip: { round: 2 }, roster: { round: "no" } });
    host(renderers).render({ model, el: fake.element("div") });
    const [strip, roster] = drawn;
    assert.equal(strip.model.get("round"), 2);
    assert.equal(roster.model.get("round"), "no");
    let rounds = 0;
    strip.model.on("change:round", () => rounds++);
    applyPatch(model, patch({ strip: [{ field: "round", value: 3 }] }));
    assert.equal(rounds, 1);
    roster.model.send({ cmd: "defeat", name: "Bo" });
    assert.deepEqual(model.sent, [{ cmd: "defeat", name: "Bo", panel: "roster" }]);
  });

  it("marks a single panel, and lays out anew when the panels change", () => {
    const { drawn, renderers } = recording(["strip", "roster", "combat"]);
    const model = hostModel({ strip: {} }, ["strip"]);
    const el = fake.element("div");
    host(renderers).render({ model, el });
    const grid = el.findAll((node) => node.className.startsWith("bpb-screen"))[0];
    assert.equal(grid.classList.contains("bpb-single"), true);
    model.set("panels", { strip: {}, roster: {}, combat: {} });
    model.set("layout_panels", ["strip", "roster", "combat"]);
    assert.equal(grid.classList.contains("bpb-single"), false);
    assert.deepEqual(
      drawn.map((d) => [d.key, d.stopped]),
      [
        ["strip", true],
        ["strip", false],
        ["roster", false],
        ["combat", false],
      ],
    );
    assert.equal(model.listening("change:panels"), 3, "the first strip's panel model is disposed");
  });

  it("keeps every key but Escape from the notebook", () => {
    const model = hostModel({ strip: {} });
    const el = fake.element("div");
    host(recording(["strip"]).renderers).render({ model, el });
    const [root] = el.children;
    assert.equal(root.getAttribute("data-lm-suppress-shortcuts"), "true");
    for (const key of ["a", "A", "Enter", " ", "ArrowDown", "z"]) {
      assert.equal(root.dispatch(keydown(key)).stopped, true, key);
    }
    assert.equal(root.dispatch(keydown("Escape")).stopped, false);
  });

  it("cleanup stops every renderer and leaves nothing listening", () => {
    const { drawn, renderers } = recording(["strip", "log"]);
    const model = hostModel({ strip: {}, log: {} });
    const cleanup = host(renderers).render({ model, el: fake.element("div") });
    assert.ok(model.listening() > 0);
    cleanup();
    assert.deepEqual(
      drawn.map((d) => d.stopped),
      [true, true],
    );
    assert.equal(model.listening(), 0);
  });

  it("applies the kernel's patches once per model, whether or not a view is open", () => {
    const model = hostModel({ strip: { round: 1 } });
    const stop = host({}).initialize({ model });
    model.emit("msg:custom", patch({ strip: [{ field: "round", value: 2 }] }), []);
    assert.equal(model.get("panels").strip.round, 2);
    stop();
    assert.equal(model.listening("msg:custom"), 0);
  });
});
