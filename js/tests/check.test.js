// The course's check (js/panels/check.js): what it sends for an answer, and how it paints the
// verdict the kernel sends back.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import renderCheck from "../panels/check.js";
import { fakeModel, installFakeDocument, tick } from "./fakes.js";

/** @type {ReturnType<typeof installFakeDocument>} */
let fake;
beforeEach(() => {
  fake = installFakeDocument();
});

/** A check's state (widgets/panels/check.py `CheckPart`) with only what is asked. */
const state = (changes = {}) => ({
  error: "",
  kind: "choice",
  title: "Predict",
  prompt: "What does Monolith need on 2d6?",
  choices: ["8 or more", "11 or more"],
  tries: 0,
  answered: null,
  verdict: {},
  solution: "",
  ...changes,
});

const draw = (traits) => {
  const el = fake.element("div");
  const model = fakeModel(traits);
  const stop = renderCheck({ model, el });
  const all = (test) => el.findAll(test);
  const buttons = () => all((node) => node.tagName === "BUTTON");
  const named = (text) => buttons().find((node) => node.textContent === text);
  const status = () => all((node) => node.getAttribute("role") === "status")[0];
  return { el, model, stop, buttons, named, status };
};

const click = (button) => button.dispatch({ type: "click" });

describe("check", () => {
  it("sends the number of the choice clicked", () => {
    const { model, named } = draw(state());
    click(named("11 or more"));
    assert.deepEqual(model.sent, [{ cmd: "answer", choice: 1 }]);
  });

  it("paints a wrong verdict with its hint, marks the choice, and offers the answer", async () => {
    const { model, named, status } = draw(state());
    const show = named("Show the answer");
    assert.equal(show.parentNode.hidden, true);
    model.set("answered", 1);
    model.set("verdict", { right: false, why: "That forgets his +3.", hint: "Take 3 off." });
    await tick();
    assert.equal(status().textContent, "Not quite. That forgets his +3.Hint: Take 3 off.");
    assert.ok(status().classList.contains("bpb-wrong"));
    assert.equal(named("11 or more").getAttribute("aria-pressed"), "true");
    assert.ok(named("11 or more").classList.contains("bpb-wrong"));
    assert.equal(show.parentNode.hidden, false);
    click(show);
    assert.deepEqual(model.sent.at(-1), { cmd: "show" });
  });

  it("paints a right verdict and hides the answer's button", async () => {
    const { model, named, status } = draw(state({ tries: 1 }));
    model.set("answered", 0);
    model.set("verdict", { right: true, why: "17 - 6 - 3 = 8.", hint: "" });
    await tick();
    assert.equal(status().textContent, "Right. 17 - 6 - 3 = 8.");
    assert.ok(status().classList.contains("bpb-right"));
    assert.ok(named("8 or more").classList.contains("bpb-right"));
    assert.equal(named("Show the answer").parentNode.hidden, true);
  });

  it("sends a number typed, and nothing for a box left empty", () => {
    const { el, model, named } = draw(state({ kind: "number", unit: "rolls", choices: undefined }));
    const input = el.findAll((node) => node.tagName === "INPUT")[0];
    click(named("Answer"));
    assert.deepEqual(model.sent, []);
    assert.equal(input.focused, true, "back to the box");
    input.value = "15";
    click(named("Answer"));
    assert.deepEqual(model.sent, [{ cmd: "answer", number: 15 }]);
  });

  it("checks a task, says what is missing, and offers to show it done", async () => {
    const { model, named, status } = draw(state({ kind: "task", title: "Your turn", choices: undefined }));
    click(named("Check"));
    assert.deepEqual(model.sent, [{ cmd: "check" }]);
    model.set("verdict", { right: false, why: "Monolith has not delayed yet.", hint: "Press Delay." });
    await tick();
    assert.match(status().textContent, /^Not yet\. Monolith has not delayed yet\./);
    click(named("Show me"));
    assert.deepEqual(model.sent.at(-1), { cmd: "show" });
  });

  it("stops following the model when removed", () => {
    const { model, stop } = draw(state());
    stop();
    assert.equal(model.listening(), 0);
  });
});
