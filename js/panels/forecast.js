// @ts-check
// ForecastPanel: simulate the fight from where it stands (issue 16). A progress bar moves while
// the kernel runs it on a thread, Cancel stops it; then each side's chance to win with its 95%
// interval, the rounds it lasts charted like the odds charts, and who drops first.
import { button, field, h, percent } from "../lib/dom.js";
import { frame } from "../lib/frame.js";
import { bars, swatches } from "../lib/odds.js";
import { command, watch } from "../lib/sync.js";

/**
 * @import { ModelLike, Traits, ForecastState, ForecastResult } from "../lib/types.js"
 */

/**
 * A meter of `value` (0..1) with its text.
 * @param {number} value
 * @param {string} label
 * @param {string} text
 */
function meter(value, label, text) {
  const fill = h("span", { class: "bpb-meter-fill" });
  fill.style.width = `${Math.round(1000 * value) / 10}%`;
  return h(
    "div",
    {
      class: "bpb-meter",
      role: "meter",
      "aria-label": label,
      "aria-valuemin": "0",
      "aria-valuemax": "100",
      "aria-valuenow": String(Math.round(100 * value)),
    },
    h("span", { class: "bpb-meter-track" }, fill),
    h("span", { class: "bpb-meter-text", text }),
  );
}

/**
 * The result: sides, draw, rounds, combatants.
 * @param {ForecastResult} result
 */
export function resultView(result) {
  const sides = result.sides.map(({ side, win, interval }) =>
    h(
      "div",
      { class: "bpb-forecast-side" },
      h("span", { class: "bpb-field-name", text: side }),
      meter(win, `${side} win`, `wins ${percent(win)} (95%: ${percent(interval[0])} to ${percent(interval[1])})`),
    ),
  );
  const total = result.rounds.reduce((sum, [, count]) => sum + count, 0) || 1;
  /** @type {Array<[number, number]>} */
  const rounds = result.rounds.map(([round, count]) => [round, count / total]);
  const limit = result.max_rounds;
  const rows = result.combatants.map((c) =>
    h(
      "tr",
      {},
      h("th", { scope: "row", text: c.name }),
      h("td", { text: c.side }),
      h("td", { text: percent(c.out) }),
      h("td", { text: percent(c.out_first) }),
      h("td", { text: `${c.left.toFixed(1)} of ${c.endurance}` }),
    ),
  );
  const table = h(
    "table",
    { class: "bpb-forecast-table", "aria-label": "Each combatant at the end of the fight" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ...["Combatant", "Side", "Out", "First out", `${result.measure} left`].map((t) =>
          h("th", { scope: "col", text: t }),
        ),
      ),
    ),
    h("tbody", {}, ...rows),
  );
  const done = result.complete
    ? ""
    : ` (cancelled after ${result.fights.toLocaleString("en")} of ${result.n.toLocaleString("en")})`;
  return [
    h("p", {
      class: "bpb-odds-text",
      text: `${result.fights.toLocaleString("en")} fights from ${result.where} (${result.rules}, seed ${result.seed}, tactics: ${result.tactics})${done}`,
    }),
    ...sides,
    h("p", { class: "bpb-odds-text", text: `Draw (still fighting after ${limit} rounds): ${percent(result.draw)}` }),
    h(
      "div",
      { class: "bpb-odds" },
      bars(rounds, "How many rounds the fight lasts", (round) => (round >= limit ? "bpb-bad" : "bpb-hit"), "rounds"),
      swatches(
        ["bpb-hit", "fights ending after that many rounds"],
        ["bpb-bad", "the round limit (a draw, unless it ended then)"],
      ),
    ),
    table,
    h("p", {
      class: "bpb-odds-text",
      text: `Most likely first out: ${result.first_out ?? "nobody"} · attacks that landed ${percent(result.hit_rate)}`,
    }),
  ];
}

/**
 * Draw the panel into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderForecast({ model: anyModel, el }) {
  const model = /** @type {ModelLike<ForecastState>} */ (/** @type {unknown} */ (anyModel));
  const fights = h("input", { type: "number", min: "1", step: "1000", "aria-label": "Fights to simulate" });
  const seed = h("input", { type: "number", min: "0", placeholder: "fresh", "aria-label": "Seed" });
  const rounds = h("input", { type: "number", min: "1", "aria-label": "Round limit" });
  /** @param {HTMLInputElement} input */
  const number = (input) => (input.value.trim() === "" ? null : Number(input.value));
  const run = () => command(model, "run", { n: number(fights), seed: number(seed), max_rounds: number(rounds) });
  const cancel = () => command(model, "cancel");
  const runButton = button("Forecast", run, { key: "f", cls: "bpb-primary" });
  const cancelButton = button("Cancel", cancel, { key: "c" });
  const bar = h("progress", {
    class: "bpb-forecast-progress",
    "aria-label": "Forecast progress",
    max: "1",
    value: "0",
  });
  const status = h("p", { class: "bpb-status", "aria-live": "polite" });
  const stale = h("p", { class: "bpb-hint", text: "The fight has changed since this forecast: forecast again." });
  const results = h("div", { class: "bpb-forecast-result" });
  const { body, cleanup } = frame(el, model, {
    title: "Fight forecast",
    cls: "bpb-forecast",
    keys: { f: run, c: cancel },
  });
  body.append(
    h("div", { class: "bpb-row" }, field("Fights", fights), field("Seed", seed), field("Round limit", rounds)),
    h("div", { class: "bpb-controls" }, runButton, cancelButton),
    bar,
    status,
    stale,
    results,
    h("p", { class: "bpb-hint", text: "Keys: F forecast · C cancel · the live fight is never touched" }),
  );

  let settingsShown = false;
  const paint = () => {
    const settings = model.get("settings");
    if (!settingsShown && settings) {
      settingsShown = true;
      fights.value = String(settings.n);
      seed.value = settings.seed === null || settings.seed === undefined ? "" : String(settings.seed);
      rounds.value = String(settings.max_rounds);
    }
    const state = model.get("status");
    const { done, total } = model.get("progress");
    const running = state === "running";
    runButton.disabled = running;
    cancelButton.disabled = !running;
    bar.max = Math.max(1, total);
    bar.value = done;
    bar.hidden = total === 0;
    const counted = `${done.toLocaleString("en")} of ${total.toLocaleString("en")} fights`;
    /** @type {Record<string, string>} */
    const words = { running: `Forecasting… ${counted}`, done: `Done: ${counted}`, cancelled: `Cancelled: ${counted}` };
    status.textContent = words[state] ?? "";
    stale.hidden = !model.get("stale");
    const result = model.get("result");
    results.replaceChildren(
      ...("sides" in result && result.sides ? resultView(/** @type {ForecastResult} */ (result)) : []),
    );
  };
  const stop = watch(model, ["status", "progress", "result", "stale", "settings"], paint);
  return () => {
    stop();
    cleanup();
  };
}
