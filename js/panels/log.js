// @ts-check
// The log: the explained events; choosing an entry shows what undoing back to it takes back and
// asks once; Redo all brings everything undone back. An entry's § opens the rules it cites, in
// the project's own words with their source (docs/rules.md, "The rules in brief"). A long fight's log arrives as its last
// entries (from log index `first` on); "Show earlier entries" asks the kernel for the ones before.
import { button, h, setText } from "../lib/dom.js";
import { frame } from "../lib/frame.js";
import { command, watch } from "../lib/sync.js";

/**
 * @import { LogEntry, LogState, ModelLike, RuleText, Traits } from "../lib/types.js"
 */

/** How many lines of what an undo takes back the preview lists. */
const PREVIEW_LINES = 4;
/** The entries table mode shows (the latest), the earlier ones behind a disclosure button. */
const LATEST = 6;
/** The kinds of entry that only mark the order of play moving on (listed after the others). */
const ROUTINE = new Set(["turn", "round"]);

/**
 * What undoing `entries` takes back, as the preview lists it: the commands' own lines (the
 * attack, the forced dodge) first, the turns and rounds that merely moved on after them.
 * @param {LogEntry[]} entries
 * @returns {string[]}
 */
export function takenBack(entries) {
  const routine = entries.filter((e) => ROUTINE.has(e.kind));
  return [...entries.filter((e) => !ROUTINE.has(e.kind)), ...routine].map((e) => e.text);
}

/**
 * Draw the log into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderLog({ model: anyModel, el }) {
  const model = /** @type {ModelLike<LogState>} */ (/** @type {unknown} */ (anyModel));
  const { body, cleanup } = frame(el, model, { title: "Encounter log", cls: "bpb-log" });
  const earlier = button("Show earlier entries", () => command(model, "earlier"), { cls: "bpb-small bpb-earlier" });
  const list = h("ol", { class: "bpb-entries", "aria-label": "Events" });
  // table mode (CSS) shows the latest entries only, until the GM opens the earlier ones
  const older = h("button", {
    type: "button",
    class: "bpb-button bpb-small bpb-older-toggle",
    "aria-expanded": "false",
  });
  older.addEventListener("click", () => {
    const open = older.getAttribute("aria-expanded") !== "true";
    older.setAttribute("aria-expanded", String(open));
    body.classList.toggle("bpb-older-shown", open);
  });
  const confirm = h("div", {
    class: "bpb-confirm",
    role: "alertdialog",
    "aria-label": "Undo back to this entry?",
    hidden: true,
  });
  const undo = button("Undo", () => command(model, "undo"), { cls: "bpb-small" });
  const redoAll = button("Redo all", () => command(model, "redo_all"), { cls: "bpb-small" });
  const hint = h("p", { class: "bpb-hint", text: "Choose an entry to undo back to just before it." });
  body.append(older, earlier, list, confirm, h("div", { class: "bpb-controls" }, undo, redoAll), hint);
  // the list is drawn before the page lays it out: once it has a height, show the latest entries
  let settled = false;
  const settle = new ResizeObserver(() => {
    if (settled || list.clientHeight === 0) return;
    settled = true;
    list.scrollTop = list.scrollHeight;
    settle.disconnect();
  });
  settle.observe(list);
  /** @type {LogEntry[]} */
  let shown = [];
  /** @type {number | null} */
  let shownFirst = null;

  /** Show what undoing back to entry `index` takes back, and ask once. @param {number} index */
  const ask = (index) => {
    const first = model.get("first");
    const entries = model.get("entries");
    const entry = entries[index - first];
    if (!entry) return;
    const count = model.get("commands") - entry.command;
    const lines = takenBack(entries.slice(index - first));
    const more = lines.length > PREVIEW_LINES ? lines.length - PREVIEW_LINES : 0;
    const doIt = button(
      `Undo ${count} command${count === 1 ? "" : "s"}`,
      () => {
        confirm.hidden = true;
        command(model, "undo_to", { index });
      },
      { cls: "bpb-primary bpb-small" },
    );
    const cancel = button(
      "Cancel",
      () => {
        confirm.hidden = true;
      },
      { cls: "bpb-small" },
    );
    confirm.replaceChildren(
      h("p", { text: `Undo back to just before “${entry.text}”? This takes back:` }),
      h(
        "ul",
        {},
        ...lines.slice(0, PREVIEW_LINES).map((text) => h("li", { text })),
        more ? h("li", { text: `… and ${more} more` }) : null,
      ),
      h("p", { class: "bpb-hint", text: "Redo brings it all back." }),
      h("div", { class: "bpb-controls" }, doIt, cancel),
    );
    confirm.hidden = false;
    doIt.focus();
  };

  /**
   * The rules an entry cites, opened under it: each one's name, source and text.
   * @param {string[]} names
   */
  const rules = (names) => {
    const texts = model.get("rule_texts") ?? {};
    return h(
      "div",
      { class: "bpb-rule", role: "note", "aria-label": `The rule: ${names.join(", ")}` },
      ...names.flatMap((name) => {
        /** @type {RuleText | undefined} */
        const rule = texts[name];
        if (!rule) return [];
        return [
          h(
            "p",
            { class: `bpb-rule-name${rule.ruling ? " bpb-ruling" : ""}` },
            h("strong", { text: rule.name }),
            ` · ${rule.source}`,
          ),
          ...rule.text.split("\n\n").map((text) => h("p", { class: "bpb-rule-text", text })),
        ];
      }),
    );
  };

  /**
   * @param {LogEntry} entry
   * @param {number} index
   */
  const item = (entry, index) => {
    const li = h(
      "li",
      { class: `bpb-entry bpb-kind-${entry.kind.replace(/\W+/g, "-")}`, "data-index": index },
      h(
        "button",
        {
          type: "button",
          class: "bpb-entry-button",
          title: "Undo back to just before this entry",
          onclick: () => ask(index),
        },
        h("span", { class: "bpb-entry-round", text: entry.round > 0 ? `R${entry.round}` : "—" }),
        h("span", { class: "bpb-entry-text", text: entry.text }),
      ),
    );
    const cited = entry.rules ?? [];
    if (cited.length) {
      /** @type {HTMLElement | null} */
      let open = null;
      const toggle = h("button", {
        type: "button",
        class: "bpb-entry-rule",
        text: "§",
        title: `The rule: ${cited.join(", ")}`,
        "aria-label": `The rule: ${cited.join(", ")}`,
        "aria-expanded": "false",
        onclick: () => {
          if (open) {
            open.remove();
            open = null;
          } else {
            open = rules(cited);
            li.append(open);
            open.scrollIntoView({ block: "nearest" });
          }
          toggle.setAttribute("aria-expanded", String(open !== null));
        },
      });
      li.classList.add("bpb-cites");
      li.insertBefore(toggle, li.children[1] ?? null);
    }
    return li;
  };

  // Where the list is scrolled, as of the GM's last scroll: read there (after layout), never
  // while painting, so a paint never forces the page's layout (a 500-combatant screen's is dear).
  let stuck = true;
  let fromBottom = 0;
  list.addEventListener(
    "scroll",
    () => {
      fromBottom = list.scrollHeight - list.scrollTop;
      stuck = fromBottom - list.clientHeight < 40;
    },
    { passive: true },
  );

  const paint = () => {
    const entries = model.get("entries") ?? [];
    const first = model.get("first") ?? 0;
    const grew = shownFirst !== null && first < shownFirst;
    let same = 0;
    if (first === shownFirst) {
      while (same < shown.length && same < entries.length && shown[same] === entries[same]) same += 1;
    }
    if (same < shown.length) confirm.hidden = true; // what it would undo has changed
    while (list.children.length > same) list.lastChild?.remove();
    const items = document.createDocumentFragment();
    entries.slice(same).forEach((entry, offset) => {
      items.append(item(entry, first + same + offset));
    });
    list.append(items);
    const latest = list.children.length - LATEST;
    [...list.children].forEach((li, index) => {
      li.classList.toggle("bpb-older", index < latest);
    });
    older.hidden = latest <= 0 && first === 0;
    setText(older, `Earlier entries (${Math.max(0, latest) + first})`);
    earlier.hidden = first === 0;
    setText(earlier, `Show earlier entries (${first} more)`);
    // every entry new (a fight loaded, or undone back to its start): show its latest
    const replaced = same === 0 && shown.length > 0 && !grew;
    if (grew || stuck || replaced) {
      const keep = grew ? fromBottom : 0;
      requestAnimationFrame(() => {
        list.scrollTop = list.scrollHeight - keep;
      });
    }
    shown = entries;
    shownFirst = first;
    undo.disabled = !model.get("can_undo");
    const redo = model.get("redo") ?? 0;
    redoAll.disabled = redo === 0;
    setText(redoAll, redo > 1 ? `Redo all (${redo})` : "Redo all");
  };
  const stop = watch(model, ["entries", "first", "can_undo", "redo"], paint);
  return () => {
    settle.disconnect();
    stop();
    cleanup();
  };
}
