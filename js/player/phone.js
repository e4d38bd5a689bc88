// @ts-check
// A player's own page, for their phone (served by bpb_widgets/player/server.py at /p/<token>/):
// the shared view (render.js), their character (sheet, health, plot points, conditions), and what
// they may do now, as buttons: the answers to a hit on them, with their odds and cost, exactly as
// the GM's attack panel offers them ("Block", "Dodge", "Dive for cover", "Take the hit") and a box
// for their physical dice ("Dice"); on their turn an attack ("Attack" and "Target" to choose, the
// odds as the GM's attack panel shows them, "Dice", the "Attack" button), "End turn", "Delay";
// holding a delayed turn, "Take delayed turn". Each tap is POSTed as JSON with the stamp of the
// fight it was offered on; the kernel checks it and answers (an answer the GM confirms first
// waits, and says so; the player may change it meanwhile). Every word from the fight is text,
// never HTML. EventSource reconnects by itself, and the server sends the whole view again as it
// does.
import { fillSelect, h } from "../lib/dom.js";
import { chance } from "../lib/odds.js";
import { follow } from "./page.js";
import { paintView } from "./render.js";

/**
 * @import { PlayerViewState } from "../lib/types.js"
 */

/**
 * The part of the view that is this player's (bpb_widgets.player.projection.project_player).
 * @typedef {{
 *   name: string, side: string, sheet: Record<string, unknown>,
 *   health: { label?: string, value?: number, maximum?: number, apart?: number, apart_label?: string,
 *             extra?: [string, number][], reads?: string } | null,
 *   plot_points: number | null,
 *   conditions: { name: string, by: string, until: string }[],
 *   actions: { turn: string[], attack: Attacks | null, hit: Record<string, any> | null, held: string | null,
 *              stamp: string },
 * }} You
 */

/**
 * The attacks a player may make on their turn (bpb_widgets.player.actions.TurnAttacks): their
 * sheet's attacks, the targets, each pair's odds as the GM's attack panel shows them.
 * @typedef {{
 *   attacks: { name: string, rank: number, kind: string }[],
 *   targets: string[],
 *   sides: Record<string, string>,
 *   odds: Record<string, Record<string, Record<string, any>>>,
 * }} Attacks
 */

/** The turn actions' buttons. */
const TURN = { end_turn: "End turn", delay: "Delay", take_delayed: "Take delayed turn" };

/**
 * The words under an answer's button: its odds and its cost.
 * @param {string} key
 * @param {Record<string, any>} answer
 */
function answerWords(key, answer) {
  if (key === "block" || key === "dodge") {
    const odds = /** @type {Omit<import("../lib/types.js").OddsPayload, "distribution">} */ (answer);
    const words = [`${answer.attribute_name} ${answer.attribute}: ${chance(odds)}`];
    if (answer.consequence) words.push(answer.consequence);
    return words.join(" · ");
  }
  if (key === "cover") return String(answer.consequence || "");
  if (key === "take") {
    if (answer.effect) return String(answer.effect);
    const after = `Endurance ${answer.before} → ${answer.after}`;
    return `${answer.damage} damage${answer.stunning ? " (stunning)" : ""}: ${after}${answer.out ? ", out" : ""}`;
  }
  return "";
}

/**
 * The words under the Attack button: the roll, against what, and its chance (or why not).
 * @param {Record<string, any> | undefined} odds
 */
function attackWords(odds) {
  if (!odds) return "";
  if (odds.refused) return String(odds.refused);
  const chanceOf = /** @type {Omit<import("../lib/types.js").OddsPayload, "distribution">} */ (odds);
  return `${odds.roll} vs ${odds.against}: ${chance(chanceOf)}`;
}

/**
 * A box for the player's physical dice, named "Dice".
 * @returns {[HTMLElement, HTMLInputElement]} The label, and the box in it.
 */
function diceBox() {
  const dice = /** @type {HTMLInputElement} */ (
    h("input", {
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      placeholder: "e.g. 4 5",
      class: "bpb-phone-dice",
    })
  );
  return [h("label", { class: "bpb-phone-dice-label" }, "Dice ", dice), dice];
}

/**
 * The dice typed in the "Dice" box: two numbers, or none (rolled).
 * @param {HTMLInputElement} box
 * @returns {number[] | null | undefined} undefined: not two dice.
 */
function typedDice(box) {
  const text = box.value.trim();
  if (!text) return null;
  const dice = text.split(/[\s,]+/).map(Number);
  if (dice.length !== 2 || !dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) return undefined;
  return dice;
}

/** What a refusal without words from the kernel says to the player, by its HTTP status. */
const REFUSALS = /** @type {Record<number, string>} */ ({
  403: "This link has been replaced: ask the GM for the new one.",
  429: "Too many taps at once: wait a moment, then tap again.",
  503: "The GM's notebook is not answering: try again in a moment.",
});

/** @param {number} status */
function refusal(status) {
  return REFUSALS[status] ?? `Not taken (the page's server said ${status}): try again, or ask the GM.`;
}

/**
 * Follow the player's view at `events`; send their taps to `action`. After each repaint,
 * `root.dataset.version` holds the version drawn (the browser tests read it).
 * @param {HTMLElement} root
 * @param {string} events The events' URL (relative: the token is in the page's path).
 * @param {string} action The actions' URL.
 * @returns {() => void} Stop following.
 */
export function startPhonePage(root, events, action) {
  const status = h("p", { class: "bpb-player-status", role: "status", text: "Connecting…" });
  const mine = h("section", { class: "bpb bpb-phone", "aria-label": "Your character" });
  const view = h("div", { class: "bpb bpb-player bpb-phone-view" });
  const said = h("p", { class: "bpb-phone-said", role: "alert" });
  root.replaceChildren(mine, said, view, status);
  let sending = false;
  /** The stamp of the offer drawn now. */
  let painted = "";
  /** The attack and target last chosen, kept across repaints while still offered. */
  let chosen = { attack: "", target: "" };

  /**
   * @param {string} what
   * @param {string} stamp
   * @param {number[] | null} [dice]
   * @param {Record<string, unknown>} [more] plot_point, or an attack's attack and target
   */
  const send = async (what, stamp, dice = null, more = {}) => {
    if (sending) return;
    sending = true;
    said.textContent = "Sending…";
    try {
      const response = await fetch(action, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: what, stamp, ...(dice ? { dice } : {}), ...more }),
        credentials: "omit",
        cache: "no-store",
      });
      let error = "";
      let held = false;
      try {
        const answer = await response.json();
        error = String(answer.error || "");
        held = answer.held === true;
      } catch {
        error = response.ok ? "" : refusal(response.status);
      }
      said.textContent = !response.ok
        ? error || refusal(response.status)
        : held
          ? "Sent: the GM confirms it."
          : "Sent.";
      // what was offered is spent: its buttons go until the fight shows what is offered next
      // (while a hidden combatant acts, the page is kept as it was: nothing new comes); an
      // answer the GM holds stays open to change
      if (response.ok && !held && painted === stamp)
        for (const spent of mine.querySelectorAll(".bpb-phone-hit, .bpb-phone-turn")) spent.remove();
    } catch {
      said.textContent = "Not sent: the connection is lost.";
    } finally {
      sending = false;
    }
  };

  /** @param {You | null | undefined} you */
  const paintMine = (you) => {
    if (!you) {
      mine.replaceChildren(h("p", { class: "bpb-player-status", text: "Your character is not in the fight now." }));
      return;
    }
    const health = you.health;
    const words = [];
    if (health?.label) {
      words.push(`${health.label} ${health.value}/${health.maximum}`);
      if (health.apart) words.push(`${health.apart} ${health.apart_label}`);
    }
    if (health?.reads) words.push(health.reads);
    if (you.plot_points !== null && you.plot_points !== undefined) words.push(`plot points ${you.plot_points}`);
    /** @type {HTMLElement[]} */
    const parts = [
      h("h2", { class: "bpb-phone-name", text: you.name }),
      h("p", { class: "bpb-phone-vitals", text: words.join(" · ") }),
    ];
    if (you.conditions.length) {
      parts.push(
        h(
          "ul",
          { class: "bpb-player-conditions", "aria-label": "Conditions" },
          ...you.conditions.map((c) =>
            h("li", {
              class: "bpb-player-condition",
              text: [c.name, c.by && `by ${c.by}`, c.until].filter(Boolean).join(" · "),
            }),
          ),
        ),
      );
    }
    const { turn, attack, hit, held, stamp } = you.actions;
    painted = stamp;
    if (hit) {
      const [diceLabel, dice] = diceBox();
      const offered = /** @type {string[]} */ (hit.offered || []);
      // a plot point buys a block's or dodge's automatic success: pressed, the next one spends it
      const plot = /** @type {{ points?: number }} */ (hit.plot || {});
      const spend = plot.points
        ? h("button", {
            type: "button",
            class: "bpb-button bpb-phone-button bpb-phone-plot",
            "aria-pressed": "false",
            text: "Spend plot point",
            title: `${plot.points} plot point${plot.points === 1 ? "" : "s"}: Block or Dodge succeeds`,
            onclick: (/** @type {Event} */ event) => {
              const it = /** @type {HTMLElement} */ (event.currentTarget);
              it.setAttribute("aria-pressed", it.getAttribute("aria-pressed") === "true" ? "false" : "true");
            },
          })
        : null;
      const spending = () => spend?.getAttribute("aria-pressed") === "true";
      const labels = /** @type {Record<string, string>} */ (hit.labels || {});
      const buttons = offered.map((key) => {
        const answer = /** @type {Record<string, any>} */ (hit[key] || {});
        const rolled = key === "block" || key === "dodge";
        return h(
          "div",
          { class: "bpb-phone-answer" },
          h("button", {
            type: "button",
            class: "bpb-button bpb-phone-button",
            text: labels[key] || key,
            onclick: () => {
              const typed = rolled ? typedDice(dice) : null;
              if (typed === undefined) {
                said.textContent = "Dice: two numbers from 1 to 6 (or leave it empty to roll).";
                return;
              }
              send(key, stamp, typed, rolled && spending() ? { plot_point: true } : {});
            },
          }),
          h("span", { class: "bpb-phone-odds", text: answerWords(key, answer) }),
        );
      });
      parts.push(
        h(
          "section",
          { class: "bpb-phone-hit", "aria-label": "You are hit" },
          h("h3", { text: `${hit.attacker || "Someone"} hits you with ${hit.power} (rank ${hit.rank})` }),
          held
            ? h("p", {
                class: "bpb-phone-held",
                role: "status",
                text: `Waiting for the GM to confirm: ${held}. You may still change it.`,
              })
            : null,
          diceLabel,
          spend,
          ...buttons,
        ),
      );
    }
    if (turn.length) {
      parts.push(
        h(
          "div",
          { class: "bpb-phone-turn", role: "group", "aria-label": "Your turn" },
          attack ? attackForm(attack, stamp) : null,
          ...turn.map((key) =>
            h("button", {
              type: "button",
              class: "bpb-button bpb-phone-button",
              text: TURN[/** @type {keyof typeof TURN} */ (key)] || key,
              onclick: () => send(key, stamp),
            }),
          ),
        ),
      );
    }
    mine.replaceChildren(...parts);
  };

  /**
   * The attack on the player's turn: "Attack" and "Target" to choose, the odds of the pair
   * chosen, "Dice", and the "Attack" button.
   * @param {Attacks} offered
   * @param {string} stamp
   */
  const attackForm = (offered, stamp) => {
    const power = h("select", { "aria-label": "Attack", class: "bpb-phone-select" });
    const target = h("select", { "aria-label": "Target", class: "bpb-phone-select" });
    fillSelect(
      power,
      offered.attacks.map((a) => /** @type {[string, string]} */ ([a.name, `${a.name} (rank ${a.rank}, ${a.kind})`])),
      offered.attacks.some((a) => a.name === chosen.attack) ? chosen.attack : offered.attacks[0].name,
    );
    fillSelect(
      target,
      offered.targets.map((t) => /** @type {[string, string]} */ ([t, `${t} (${offered.sides[t]})`])),
      offered.targets.includes(chosen.target) ? chosen.target : offered.targets[0],
    );
    const odds = h("span", { class: "bpb-phone-odds" });
    const [diceLabel, dice] = diceBox();
    const go = /** @type {HTMLButtonElement} */ (
      h("button", {
        type: "button",
        class: "bpb-button bpb-phone-button",
        text: "Attack",
        onclick: () => {
          const typed = typedDice(dice);
          if (typed === undefined) {
            said.textContent = "Dice: two numbers from 1 to 6 (or leave it empty to roll).";
            return;
          }
          send("attack", stamp, typed, { attack: power.value, target: target.value });
        },
      })
    );
    const show = () => {
      chosen = { attack: power.value, target: target.value };
      const pair = offered.odds[power.value]?.[target.value];
      odds.textContent = attackWords(pair);
      go.disabled = !pair || Boolean(pair.refused);
    };
    power.addEventListener("change", show);
    target.addEventListener("change", show);
    show();
    return h(
      "div",
      { class: "bpb-phone-attack" },
      h("label", { class: "bpb-phone-field" }, "Attack", power),
      h("label", { class: "bpb-phone-field" }, "Target", target),
      diceLabel,
      h("div", { class: "bpb-phone-answer" }, go, odds),
    );
  };

  return follow(
    root,
    status,
    events,
    (/** @type {(PlayerViewState & { you?: You | null }) | null} */ state) => {
      paintView(view, state);
      paintMine(state ? state.you : null);
    },
    "This link has closed: ask the GM for your new link.",
  );
}
