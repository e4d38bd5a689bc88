// The pure helpers of js/lib/dom.js and js/lib/odds.js: the words and numbers of the odds.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { percent } from "../lib/dom.js";
import { chance, exact, summary } from "../lib/odds.js";

/** An odds_payload (widgets/_odds.py) with only what the text needs. */
const odds = (changes = {}) => ({
  difficulty: 12,
  expertise: false,
  extreme_total: 15,
  success: [5, 12, 5 / 12],
  extreme: [1, 12, 1 / 12],
  needs: 8,
  ways: 15,
  extreme_needs: 11,
  extreme_ways: 3,
  take: null,
  too_difficult: false,
  distribution: [],
  ...changes,
});

describe("percent", () => {
  it("gives one decimal", () => {
    assert.equal(percent(0.375), "37.5%");
    assert.equal(percent(5 / 12), "41.7%");
    assert.equal(percent(1 / 3), "33.3%");
    assert.equal(percent(1 / 36), "2.8%");
  });

  it("drops a decimal that is zero", () => {
    assert.equal(percent(0.5), "50%");
    assert.equal(percent(0.05), "5%");
    assert.equal(percent(1), "100%");
    assert.equal(percent(0), "0%");
  });

  it("rounds to the decimal, never to 'x.0'", () => {
    assert.equal(percent(0.0004), "0%");
    assert.equal(percent(0.9996), "100%");
    assert.equal(percent(0.12345), "12.3%");
  });
});

describe("exact", () => {
  it("gives the fraction and its percentage", () => {
    assert.equal(exact([5, 12, 5 / 12]), "5/12 (41.7%)");
    assert.equal(exact([3, 8, 0.375]), "3/8 (37.5%)");
  });

  it("gives a whole number alone", () => {
    assert.equal(exact([1, 1, 1]), "1 (100%)");
    assert.equal(exact([0, 1, 0]), "0 (0%)");
  });
});

describe("chance", () => {
  it("gives the ways out of 36 and what the dice must show beside the percentage", () => {
    assert.equal(chance(odds()), "41.7% (15 of 36 rolls: needs 8+ on 2d6)");
    assert.equal(chance(odds({ expertise: true }), true), "8.3% (3 of 36 rolls: needs 11+ on 2d6)");
  });

  it("says no extreme success is possible without expertise", () => {
    assert.equal(chance(odds({ extreme: [0, 1, 0] }), true), "0% (no extreme success without expertise)");
  });

  it("says when any roll succeeds and when none can", () => {
    assert.equal(chance(odds({ success: [1, 1, 1], needs: 1, ways: 36 })), "100% (36 of 36 rolls: any roll)");
    assert.equal(chance(odds({ success: [0, 1, 0], needs: 13, ways: 0 })), "0% (0 of 36 rolls: would need 13+ on 2d6)");
  });

  it("says what taking the average or the max counts", () => {
    assert.equal(chance(odds({ success: [1, 1, 1], take: "average" })), "100% (taking the average: 7)");
    assert.equal(chance(odds({ success: [0, 1, 0], take: "max" })), "0% (taking the max: 12)");
  });
});

describe("summary", () => {
  it("says there is no extreme success without expertise", () => {
    assert.equal(
      summary(odds()),
      "Success 41.7% (15 of 36 rolls: needs 8+ on 2d6) · no extreme success without expertise",
    );
  });

  it("gives the extreme-success chance with expertise", () => {
    assert.equal(
      summary(odds({ expertise: true })),
      "Success 41.7% (15 of 36 rolls: needs 8+ on 2d6) · extreme 8.3% (3 of 36 rolls: needs 11+ on 2d6)",
    );
  });

  it("says when even a 12 fails", () => {
    const hopeless = odds({ success: [0, 1, 0], extreme: [0, 1, 0], needs: 13, ways: 0, too_difficult: true });
    assert.equal(
      summary(hopeless),
      "Success 0% (0 of 36 rolls: would need 13+ on 2d6) · no extreme success without expertise · too difficult: even a 12 fails",
    );
  });
});
