// @ts-check
// The odds of a task roll: exact text and a small SVG chart of the totals, success shaded.
import { h, percent } from "./dom.js";

/** @import { Distribution, Exact, OddsPayload } from "./types.js" */

const SVG = "http://www.w3.org/2000/svg";

/**
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {string | number | null} [text]
 * @returns {SVGElementTagNameMap[K]}
 */
function svg(tag, attrs = {}, text = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text !== null) el.textContent = String(text);
  return el;
}

/**
 * "5/12 (41.7%)" from [numerator, denominator, float].
 * @param {Exact} chance
 */
export function exact([numerator, denominator, probability]) {
  const fraction = denominator === 1 ? String(numerator) : `${numerator}/${denominator}`;
  return `${fraction} (${percent(probability)})`;
}

/**
 * A bar per value of `distribution` ([[value, probability], ...]); `shade(value)` gives the extra
 * classes of its bar ("bpb-hit", "bpb-hit bpb-extreme"), `name` words a bar's tooltip and labels the axis.
 * @param {Distribution} distribution
 * @param {string} label
 * @param {(value: number) => string} [shade]
 * @param {string} [name]
 */
export function bars(distribution, label, shade = () => "", name = "total") {
  const width = 18;
  const height = 64;
  const top = Math.max(...distribution.map(([, p]) => p));
  const root = svg("svg", {
    class: "bpb-chart",
    role: "img",
    "aria-label": label,
    width: Math.max(distribution.length * width, 72), // at least the axis's label wide
    height: height + 28,
    viewBox: `0 0 ${Math.max(distribution.length * width, 72)} ${height + 28}`,
  });
  distribution.forEach(([value, p], index) => {
    const barHeight = Math.max(1, (p / top) * height);
    const bar = svg("rect", {
      class: `bpb-bar ${shade(value)}`.trim(),
      x: index * width + 2,
      y: height - barHeight,
      width: width - 4,
      height: barHeight,
    });
    bar.append(svg("title", {}, `${name} ${value}: ${percent(p)}`));
    root.append(bar, svg("text", { x: index * width + width / 2, y: height + 11, "text-anchor": "middle" }, value));
  });
  // the axis's label: what the numbers under the bars count
  const wide = Math.max(distribution.length * width, 72);
  root.append(svg("text", { class: "bpb-axis", x: wide / 2, y: height + 25, "text-anchor": "middle" }, name));
  return root;
}

/**
 * A task roll's totals: at or over the difficulty is success, the extreme region darker.
 * @param {OddsPayload} odds
 * @param {string} label
 */
export function chart(odds, label) {
  return bars(odds.distribution ?? [], label, (total) => {
    let cls = total >= odds.difficulty ? "bpb-hit" : "";
    if (odds.expertise && total >= odds.extreme_total) cls += " bpb-extreme";
    return cls;
  });
}

/**
 * A legend of [class, text] swatches ("" is the plain bar).
 * @param {...[string, string]} items
 */
export function swatches(...items) {
  return h(
    "p",
    { class: "bpb-legend" },
    ...items.map(([cls, text]) =>
      h("span", { class: "bpb-legend-item" }, h("span", { class: `bpb-swatch ${cls}` }), text),
    ),
  );
}

/**
 * What the chart's colours mean.
 * @param {OddsPayload} odds
 */
export function legend(odds) {
  /** @type {Array<[string, string]>} */
  const items = [
    ["", "fails"],
    ["bpb-hit", `succeeds (${odds.difficulty}+)`],
  ];
  if (odds.expertise) items.push(["bpb-extreme", `extreme (${odds.extreme_total}+)`]);
  return swatches(...items);
}

/**
 * A chance a learner can check: "41.7% (15 of 36 rolls: needs 8+ on 2d6)", of success or of an
 * `extreme` success; taking the average or the max rolls nothing: "100% (taking the average: 7)".
 * The words of bpb_widgets.rules.chance (bpb/rules/probability.py), which the tests hold to these.
 * @param {Omit<OddsPayload, "distribution">} odds
 * @param {boolean} [extreme]
 */
export function chance(odds, extreme = false) {
  const shown = percent((extreme ? odds.extreme : odds.success)[2]);
  if (odds.take) return `${shown} (taking the ${odds.take}: ${odds.take === "max" ? 12 : 7})`;
  if (extreme && !odds.expertise) return `${shown} (no extreme success without expertise)`;
  const needs = extreme ? odds.extreme_needs : odds.needs;
  const ways = extreme ? odds.extreme_ways : odds.ways;
  if (needs <= 2) return `${shown} (${ways} of 36 rolls: any roll)`;
  if (needs > 12) return `${shown} (0 of 36 rolls: would need ${needs}+ on 2d6)`;
  return `${shown} (${ways} of 36 rolls: needs ${needs}+ on 2d6)`;
}

/**
 * One line: success and extreme-success chances.
 * @param {OddsPayload} odds
 */
export function summary(odds) {
  let text = `Success ${chance(odds)}`;
  text += odds.expertise ? ` · extreme ${chance(odds, true)}` : " · no extreme success without expertise";
  if (odds.too_difficult) text += " · too difficult: even a 12 fails";
  return text;
}
