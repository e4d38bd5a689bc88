// @ts-check
// The player view, drawn from the projection the kernel computed (bpb_widgets/player/projection.py):
// the round, whose turn it is, the order of play, and each visible combatant's side, state,
// conditions and health. The same drawing serves the widget (js/panels/player.js) and the page a
// TV shows (js/player/page.js). Every name is text, never HTML.
import { h } from "../lib/dom.js";

/**
 * @import { PlayerCombatant, PlayerHealth, PlayerViewState } from "../lib/types.js"
 */

/**
 * The health line: a meter with the numbers, or how it reads in words.
 * @param {PlayerHealth | null} health
 * @returns {HTMLElement | null}
 */
function healthOf(health) {
  if (!health) return null;
  if (!("label" in health)) {
    const reads = health.reads;
    return h("span", { class: `bpb-player-reads bpb-player-${reads.replace(/\s+/g, "-")}`, text: reads });
  }
  const { label, value, maximum, apart, apart_label: apartLabel, extra } = health;
  const track = h("span", { class: "bpb-player-track", "aria-hidden": "true" });
  const fill = h("span", { class: "bpb-player-fill" });
  fill.style.width = `${maximum > 0 ? Math.max(0, Math.min(100, (100 * value) / maximum)) : 0}%`;
  track.append(fill);
  const words = [`${label} ${value}/${maximum}`];
  if (apart) words.push(`${apart} ${apartLabel}`);
  for (const [name, number] of extra) words.push(`${name} ${number}`);
  if (health.reads) words.push(health.reads);
  return h(
    "span",
    { class: "bpb-player-health" },
    track,
    h("span", { class: "bpb-player-numbers", text: words.join(" · ") }),
  );
}

/**
 * One row of the order of play.
 * @param {string} name
 * @param {PlayerCombatant} who
 * @param {boolean} current
 */
function row(name, who, current) {
  const states = [];
  if (current) states.push("acting");
  else if (who.out) states.push("out");
  else if (who.acted) states.push("acted");
  if (who.delaying) states.push("delaying");
  if (!who.aware) states.push("not aware yet");
  const conditions = who.conditions.map((c) =>
    h("li", {
      class: "bpb-player-condition",
      text: [c.name, c.by && `by ${c.by}`, c.until].filter(Boolean).join(" · "),
    }),
  );
  return h(
    "li",
    {
      class: `bpb-player-row${current ? " bpb-player-current" : ""}${who.out ? " bpb-player-out" : ""}${who.acted ? " bpb-player-acted" : ""}`,
      "aria-current": current ? "true" : null,
      "data-name": name,
    },
    h(
      "div",
      { class: "bpb-player-line" },
      h("span", { class: "bpb-player-marker", "aria-hidden": "true", text: current ? "▶" : "" }),
      h("span", { class: "bpb-player-name", text: name }),
      who.side ? h("span", { class: "bpb-player-side", text: who.side }) : null,
      states.length ? h("span", { class: "bpb-player-state", text: states.join(", ") }) : null,
      healthOf(who.health),
    ),
    conditions.length ? h("ul", { class: "bpb-player-conditions" }, ...conditions) : null,
  );
}

/**
 * Draw `view` into `el` (replacing what was there).
 * @param {HTMLElement} el
 * @param {PlayerViewState | null} view
 */
export function paintView(el, view) {
  if (!view || !Array.isArray(view.order)) {
    el.replaceChildren(h("p", { class: "bpb-player-status", text: "Waiting for the fight…" }));
    return;
  }
  const heading = view.started
    ? [`Round ${view.round}`, view.current ? `${view.current}'s turn` : ""].filter(Boolean).join(" · ")
    : "The fight has not started";
  const rows = view.order
    .filter((name) => view.combatants[name])
    .map((name) => row(name, view.combatants[name], name === view.current));
  el.replaceChildren(
    h("header", { class: "bpb-player-head" }, h("h2", { class: "bpb-player-round", text: heading })),
    h("ol", { class: "bpb-player-order", "aria-label": "Order of play" }, ...rows),
  );
}

/**
 * The view after a "patch" event: fields replaced, combatants merged (a patch that removes
 * someone sends `combatants` whole).
 * @param {PlayerViewState | null} view
 * @param {unknown} patch
 * @returns {PlayerViewState | null}
 */
export function patched(view, patch) {
  if (!view || typeof patch !== "object" || patch === null) return view;
  const { set, merge } = /** @type {{ set?: unknown, merge?: unknown }} */ (patch);
  /** @type {PlayerViewState} */
  const next = { ...view, ...(typeof set === "object" && set !== null ? set : {}) };
  if (typeof merge === "object" && merge !== null && !Array.isArray(merge)) {
    next.combatants = { ...next.combatants, ...merge };
  }
  return next;
}
