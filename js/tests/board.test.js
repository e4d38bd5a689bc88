// board.js, what each widget loads: the bundle imported once a page, whatever number of widgets
// (anywidget imports each widget's `_esm` afresh, so each gets its own copy of board.js).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

const STATIC = new URL("../../bpb_widgets/static/", import.meta.url);
const bundle = readFileSync(new URL("widgets.js", STATIC), "utf8");

/** What the page's Blob URLs held: each a `data:` URL here, which Node imports. */
const made = [];
globalThis.Blob = class {
  /** @param {string[]} parts */
  constructor(parts) {
    this.text = parts.join("");
  }
};
URL.createObjectURL = (blob) => {
  made.push(blob.text);
  return `data:text/javascript;base64,${Buffer.from(blob.text).toString("base64")}`;
};
URL.revokeObjectURL = () => {};

/** board.js as anywidget loads it for one more widget: a module of its own. */
const load = async (n) => (await import(new URL(`board.js?widget=${n}`, STATIC).href)).default;

describe("board.js", () => {
  it("imports the bundle once for every widget and hands each the same module", async () => {
    const widgets = await Promise.all([1, 2, 3].map(async (n) => (await load(n))()));
    assert.equal(made.length, 1);
    assert.equal(made[0], bundle);
    assert.ok(widgets.every((widget) => widget === widgets[0]));
    assert.equal(typeof widgets[0].render, "function");
    assert.equal(typeof widgets[0].initialize, "function");
  });

  it("keys the bundle by its hash, so a rebuilt one (a hot reload) is imported anew", () => {
    const key = createHash("sha256").update(bundle).digest("hex").slice(0, 16);
    assert.deepEqual(Object.keys(globalThis.__bpbWidgets), [key]);
  });
});
