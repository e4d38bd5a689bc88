// js/lib/dom.js, frame.js and the charts of odds.js, on a minimal fake document (the browser
// tests in tests/ui cover the real one).
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { button, field, fillSelect, h, OPTIONS_AT_ONCE, parseDice, typedOnce } from "../lib/dom.js";
import { frame } from "../lib/frame.js";
import { bars, chart, legend } from "../lib/odds.js";
import { fakeModel, installFakeDocument, keydown } from "./fakes.js";

let fake;
beforeEach(() => {
  fake = installFakeDocument();
});

const classes = (elements) => elements.map((el) => el.getAttribute("class"));

describe("h", () => {
  it("sets the class, the text and attributes", () => {
    const el = h("input", { class: "bpb-x", type: "number", min: 1, "aria-label": "Rank" });
    assert.equal(el.tagName, "INPUT");
    assert.equal(el.className, "bpb-x");
    assert.equal(el.getAttribute("type"), "number");
    assert.equal(el.getAttribute("min"), "1");
    assert.equal(el.getAttribute("aria-label"), "Rank");
  });

  it("puts text in as text, never as markup", () => {
    const el = h("p", { text: "<b>Ann</b>" });
    assert.equal(el.textContent, "<b>Ann</b>");
    assert.equal(el.children.length, 0);
  });

  it("makes true a present attribute and leaves out false, null and undefined", () => {
    const el = h("button", { disabled: true, hidden: false, title: null, "aria-keyshortcuts": undefined });
    assert.equal(el.getAttribute("disabled"), "");
    for (const name of ["hidden", "title", "aria-keyshortcuts"]) assert.equal(el.hasAttribute(name), false, name);
  });

  it("adds on<event> props as listeners", () => {
    let clicks = 0;
    const el = h("button", { onclick: () => clicks++ });
    el.dispatch({ type: "click" });
    assert.equal(clicks, 1);
    assert.equal(el.hasAttribute("onclick"), false);
  });

  it("appends nodes and strings, skipping null, undefined and false", () => {
    const child = h("span", { text: "b" });
    const el = h("p", {}, "a", null, child, undefined, false, "c");
    assert.equal(el.childNodes.length, 3);
    assert.equal(el.textContent, "abc");
  });
});

describe("button", () => {
  it("is a type=button with its label and class", () => {
    const el = button("Roll", () => {}, { cls: "bpb-primary" });
    assert.equal(el.tagName, "BUTTON");
    assert.equal(el.getAttribute("type"), "button");
    assert.equal(el.className, "bpb-button bpb-primary");
    assert.equal(el.textContent, "Roll");
    assert.equal(el.hasAttribute("title"), false);
  });

  it("shows its shortcut in the tooltip", () => {
    const el = button("End turn", () => {}, { key: "e" });
    assert.equal(el.getAttribute("title"), "End turn (E)");
    assert.equal(el.getAttribute("aria-keyshortcuts"), "e");
    assert.equal(el.className, "bpb-button");
  });

  it("keeps a title it is given", () => {
    const el = button("Roll AP", () => {}, { key: "a", title: "AgB d10s" });
    assert.equal(el.getAttribute("title"), "AgB d10s");
  });

  it("calls its handler when clicked", () => {
    let clicks = 0;
    button("Undo", () => clicks++).dispatch({ type: "click" });
    assert.equal(clicks, 1);
  });
});

describe("field", () => {
  it("labels a control", () => {
    const control = h("select");
    const label = field("Attacker", control);
    assert.equal(label.tagName, "LABEL");
    assert.equal(label.className, "bpb-field");
    assert.equal(label.children[0].textContent, "Attacker");
    assert.equal(label.children[1], control);
  });
});

describe("fillSelect", () => {
  const pairs = [
    ["ann", "Ann"],
    ["bo", "Bo"],
    ["cy", "Cy"],
  ];

  it("makes one option per [value, label] and selects `selected`", () => {
    const select = fillSelect(h("select"), pairs, "bo");
    assert.deepEqual(
      select.children.map((option) => [option.getAttribute("value"), option.textContent]),
      pairs,
    );
    assert.equal(select.value, "bo");
  });

  it("keeps the current choice when `selected` is not given", () => {
    const select = fillSelect(h("select"), pairs, "cy");
    fillSelect(select, [...pairs, ["dee", "Dee"]], null);
    assert.equal(select.value, "cy");
    assert.equal(select.children.length, 4);
  });

  it("falls back to the first option when the choice is gone", () => {
    const select = fillSelect(h("select"), pairs, "cy");
    fillSelect(select, pairs.slice(0, 2), "cy");
    assert.equal(select.value, "ann");
  });

  describe("a long list", () => {
    const names = Array.from({ length: OPTIONS_AT_ONCE + 1 }, (_, i) => [`f${i}`, `Fighter ${i}`]);
    const values = (select) => select.children.map((option) => option.getAttribute("value"));

    it("shows the chosen option at once and the others when the GM reaches for it", () => {
      const select = fillSelect(h("select"), names, "f7");
      assert.deepEqual(values(select), ["f7"]);
      assert.equal(select.value, "f7");
      select.dispatch({ type: "pointerdown" });
      assert.deepEqual(
        values(select),
        names.map(([value]) => value),
      );
      assert.equal(select.value, "f7");
      select.dispatch({ type: "focus" });
      assert.equal(select.children.length, names.length, "filled once");
    });

    it("gets the others when the page is idle, a choice made meanwhile kept", async () => {
      const select = fillSelect(h("select"), names, "f3");
      fillSelect(select, names, "f9");
      assert.deepEqual(values(select), ["f9"]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      assert.deepEqual(
        values(select),
        names.map(([value]) => value),
      );
      assert.equal(select.value, "f9");
    });

    it("is drawn again only when its options change", async () => {
      const select = fillSelect(h("select"), names, "f3");
      await new Promise((resolve) => setTimeout(resolve, 5));
      const first = select.children[0];
      fillSelect(select, names, "f4");
      assert.equal(select.children[0], first);
      assert.equal(select.value, "f4");
      fillSelect(select, [...names, ["f99", "Fighter 99"]], "f4");
      assert.deepEqual(values(select), ["f4"]);
    });

    it("shortened to a few, is drawn whole at once", () => {
      const select = fillSelect(h("select"), names, "f3");
      fillSelect(select, pairs, "bo");
      assert.deepEqual(values(select), ["ann", "bo", "cy"]);
      assert.equal(select.value, "bo");
    });
  });
});

describe("typed dice", () => {
  /** A panel's model, its dice box and what reads the box for a command. */
  const diceBox = () => {
    const model = fakeModel({ error: "", result: {} });
    const input = h("input");
    return { model, input, typed: typedOnce(model, input, parseDice) };
  };

  it("reads 3 5, 3,5 and 3+5 alike, and nothing as a roll", () => {
    for (const text of ["3 5", " 3,5 ", "3+5", "3, 5"]) assert.deepEqual(parseDice(text), [3, 5]);
    assert.equal(parseDice("  "), null);
  });

  it("empties the box once the kernel has used what was typed (a new result)", () => {
    const { model, input, typed } = diceBox();
    input.value = "4 4";
    assert.deepEqual(typed(), [4, 4]);
    assert.equal(input.value, "4 4", "kept while the kernel works");
    model.set("result", { lines: ["hit"] });
    assert.equal(input.value, "");
  });

  it("leaves the dice of a refused command there to correct", () => {
    const { model, input, typed } = diceBox();
    input.value = "7 7";
    typed();
    model.set("error", "Dice must be 1 to 6.");
    model.set("result", { lines: ["another view's roll"] });
    assert.equal(input.value, "7 7");
  });

  it("never empties what the GM typed after the command was sent", () => {
    const { model, input, typed } = diceBox();
    input.value = "2 5";
    typed();
    input.value = "6 6";
    model.set("result", { lines: ["hit"] });
    assert.equal(input.value, "6 6");
    model.set("result", { lines: ["hit", "block"] });
    assert.equal(input.value, "6 6", "nothing typed for this result");
  });
});

describe("frame", () => {
  const setup = (keys = {}, traits = { error: "" }) => {
    const el = fake.element("div");
    const model = fakeModel(traits);
    const built = frame(el, model, { title: "Order of play", cls: "bpb-strip", keys });
    const error = built.root.findAll((node) => node.className === "bpb-error")[0];
    return { el, model, error, ...built };
  };

  it("puts a titled region in the widget's element", () => {
    const { el, root, body } = setup();
    assert.deepEqual(el.children, [root]);
    assert.equal(root.tagName, "SECTION");
    assert.equal(root.className, "bpb bpb-strip");
    assert.equal(root.getAttribute("aria-label"), "Order of play");
    assert.equal(root.children[0].textContent, "Order of play");
    assert.equal(root.children[1], body);
  });

  it("shows the model's error, and hides the line without one", () => {
    const { model, error } = setup({}, { error: "It is nobody's turn." });
    assert.equal(error.textContent, "It is nobody's turn.");
    assert.equal(error.hidden, false);
    model.set("error", "");
    assert.equal(error.hidden, true);
    model.set("error", "Unknown command");
    assert.equal(error.textContent, "Unknown command");
    assert.equal(error.hidden, false);
  });

  it("says a refusal once: not at the foot when a form or a card shows it by its field", () => {
    const refused = "A d6 shows 1 to 6; 7 is not a die face.";
    const { model, error } = setup({}, { error: refused, form_error: { field: "dice", message: refused } });
    assert.equal(error.hidden, true);
    model.set("form_error", {});
    assert.equal(error.textContent, refused);
    assert.equal(error.hidden, false);
    model.set("card_error", { name: "Ivy", form: "vitals", message: refused });
    assert.equal(error.hidden, true);
    model.set("error", "Unknown command");
    assert.equal(error.textContent, "Unknown command");
    assert.equal(error.hidden, false);
  });

  it("runs a shortcut's handler, whatever the key's case, and keeps the key from JupyterLab", () => {
    let ends = 0;
    const { root } = setup({ e: () => ends++ });
    const event = root.dispatch(keydown("E"));
    assert.equal(ends, 1);
    assert.equal(event.prevented, true);
    assert.equal(event.stopped, true);
  });

  it("leaves keys without a handler alone", () => {
    const { root } = setup({ e: () => {} });
    const event = root.dispatch(keydown("x"));
    assert.equal(event.prevented, false);
  });

  it("ignores shortcuts with a modifier or typed into a form field", () => {
    let ends = 0;
    const { root } = setup({ e: () => ends++ });
    for (const modifier of ["ctrlKey", "metaKey", "altKey"]) root.dispatch(keydown("e", { [modifier]: true }));
    for (const tag of ["input", "select", "textarea"]) root.dispatch(keydown("e", { target: fake.element(tag) }));
    assert.equal(ends, 0);
    root.dispatch(keydown("e", { target: fake.element("button") }));
    assert.equal(ends, 1);
  });

  it("cleanup stops following the error", () => {
    const { model, error, cleanup } = setup();
    cleanup();
    assert.equal(model.listening(), 0);
    model.set("error", "late");
    assert.equal(error.textContent, "");
  });
});

describe("charts", () => {
  const payload = {
    difficulty: 12,
    expertise: true,
    extreme_total: 15,
    success: [1, 2, 0.5],
    extreme: [1, 12, 1 / 12],
    too_difficult: false,
    distribution: [
      [11, 0.25],
      [12, 0.5],
      [15, 0.25],
    ],
  };

  it("draws a bar per value, as high as its chance, with its tooltip", () => {
    const svg = bars(payload.distribution, "Chance of each total", () => "", "total");
    assert.equal(svg.namespaceURI, "http://www.w3.org/2000/svg");
    assert.equal(svg.getAttribute("aria-label"), "Chance of each total");
    assert.equal(svg.getAttribute("width"), "72"); // at least the axis's label wide
    const rects = svg.findAll((node) => node.tagName === "RECT");
    assert.deepEqual(
      rects.map((rect) => rect.getAttribute("height")),
      ["32", "64", "32"],
    );
    assert.deepEqual(
      rects.map((rect) => rect.textContent),
      ["total 11: 25%", "total 12: 50%", "total 15: 25%"],
    );
    const labels = svg.findAll((node) => node.tagName === "TEXT").map((text) => text.textContent);
    assert.deepEqual(labels, ["11", "12", "15", "total"]); // the values, then the axis's label
  });

  it("shades success and, with expertise, extreme success", () => {
    const rects = chart(payload, "odds").findAll((node) => node.tagName === "RECT");
    assert.deepEqual(classes(rects), ["bpb-bar", "bpb-bar bpb-hit", "bpb-bar bpb-hit bpb-extreme"]);
    const plain = chart({ ...payload, expertise: false }, "odds").findAll((node) => node.tagName === "RECT");
    assert.deepEqual(classes(plain), ["bpb-bar", "bpb-bar bpb-hit", "bpb-bar bpb-hit"]);
  });

  it("says what the colours mean", () => {
    const items = (odds) => legend(odds).children.map((item) => item.textContent);
    assert.deepEqual(items(payload), ["fails", "succeeds (12+)", "extreme (15+)"]);
    assert.deepEqual(items({ ...payload, expertise: false }), ["fails", "succeeds (12+)"]);
  });
});
