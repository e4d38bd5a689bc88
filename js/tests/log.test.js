// js/panels/log.js: what the undo preview lists.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { takenBack } from "../panels/log.js";

/** @param {string} kind @param {string} text */
const entry = (kind, text) => ({ round: 1, kind, text, command: 0 });

describe("takenBack", () => {
  it("lists the commands' own lines before the turns and rounds that moved on after them", () => {
    const entries = [
      entry("turn", "Ganyeka's turn"),
      entry("attack", "Ganyeka attacks Blueshift"),
      entry("force", "Blueshift forces an action (dodges)"),
      entry("dodge", "Dodge: success"),
      entry("turn", "Monolith's turn"),
      entry("round", "Round 2 begins"),
      entry("lost", "Blueshift's turn in round 2 is lost"),
    ];
    assert.deepEqual(takenBack(entries), [
      "Ganyeka attacks Blueshift",
      "Blueshift forces an action (dodges)",
      "Dodge: success",
      "Blueshift's turn in round 2 is lost",
      "Ganyeka's turn",
      "Monolith's turn",
      "Round 2 begins",
    ]);
  });

  it("keeps the order of routine lines when there is nothing else", () => {
    const entries = [entry("turn", "A's turn"), entry("turn", "B's turn")];
    assert.deepEqual(takenBack(entries), ["A's turn", "B's turn"]);
  });
});
