// js/lib/stylesheet.js: a write of the same text to the widgets' <style> changes nothing (the
// browser would style the whole page anew); a new text lands (a fake <style> counting writes;
// tests/ui/test_widgets_in_lab.py watches the real one).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { keepStylesheet } from "../lib/stylesheet.js";

class FakeNode {
  constructor(tag, text) {
    this.tagName = tag;
    this.text = text;
    this.writes = 0;
  }
  get textContent() {
    return this.text;
  }
  set textContent(value) {
    this.writes += 1;
    this.text = value;
  }
}

const page = (node) => ({ getElementById: (id) => (id === "bpb_widgets" ? node : null) });

describe("keepStylesheet", () => {
  it("drops a write of the same text and keeps a new one", () => {
    const style = new FakeNode("STYLE", ".bpb-chip { color: red }");
    keepStylesheet(page(style), "bpb_widgets");
    style.textContent = ".bpb-chip { color: red }";
    assert.equal(style.writes, 0);
    style.textContent = ".bpb-chip { color: blue }";
    assert.equal(style.writes, 1);
    assert.equal(style.textContent, ".bpb-chip { color: blue }");
  });

  it("guards a <style> once, however many widgets render", () => {
    const style = new FakeNode("STYLE", "a {}");
    for (let i = 0; i < 3; i += 1) keepStylesheet(page(style), "bpb_widgets");
    style.textContent = "b {}";
    style.textContent = "b {}";
    assert.equal(style.writes, 1);
  });

  it("leaves the page alone without that <style>, or when the id names something else", () => {
    keepStylesheet(page(null), "bpb_widgets");
    const other = new FakeNode("DIV", "x");
    keepStylesheet(page(other), "bpb_widgets");
    other.textContent = "x";
    assert.equal(other.writes, 1);
  });
});
