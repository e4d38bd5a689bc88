// @ts-check
// EncounterLog: the explained events, grouped by round; choosing an entry undoes back to it.
// A long fight's log arrives as its last entries (from log index `first` on); "Show earlier
// entries" asks the kernel for the ones before.
import { button, h } from "./lib/dom.js";
import { frame } from "./lib/frame.js";
import { command, initialize, watch } from "./lib/sync.js";

/**
 * @import { AnyWidget, RenderProps } from "@anywidget/types"
 * @import { EncounterLogTraits, LogEntry } from "./lib/types.js"
 */

/** @param {RenderProps<EncounterLogTraits>} props */
function render({ model, el }) {
  const { body, cleanup } = frame(el, model, { title: "Encounter log", cls: "bpb-log" });
  const earlier = button("Show earlier entries", () => command(model, "earlier"), { cls: "bpb-small" });
  const list = h("ol", { class: "bpb-entries", "aria-label": "Events" });
  const hint = h("p", { class: "bpb-hint", text: "Choose an entry to undo back to it (Redo brings it back)." });
  body.append(earlier, list, hint);
  /** @type {LogEntry[]} */
  let shown = [];
  /** @type {number | null} */
  let shownFirst = null;

  /**
   * @param {LogEntry} entry
   * @param {number} index
   */
  const item = (entry, index) =>
    h(
      "li",
      { class: `bpb-entry bpb-kind-${entry.kind}`, "data-index": index },
      h(
        "button",
        {
          type: "button",
          class: "bpb-entry-button",
          title: "Undo back to this entry",
          onclick: () => command(model, "undo_to", { index }),
        },
        h("span", { class: "bpb-entry-round", text: entry.round > 0 ? `R${entry.round}` : "—" }),
        h("span", { class: "bpb-entry-text", text: entry.text }),
      ),
    );

  const paint = () => {
    const entries = model.get("entries");
    const first = model.get("first");
    const fromBottom = list.scrollHeight - list.scrollTop;
    const stick = fromBottom - list.clientHeight < 40;
    const grew = shownFirst !== null && first < shownFirst;
    let same = 0;
    if (first === shownFirst) {
      while (same < shown.length && same < entries.length && shown[same] === entries[same]) same += 1;
    }
    while (list.children.length > same) list.lastChild?.remove();
    const items = document.createDocumentFragment();
    entries.slice(same).forEach((entry, offset) => {
      items.append(item(entry, first + same + offset));
    });
    list.append(items);
    earlier.hidden = first === 0;
    earlier.textContent = `Show earlier entries (${first} more)`;
    if (grew) list.scrollTop = list.scrollHeight - fromBottom;
    else if (stick || shown.length === 0) list.scrollTop = list.scrollHeight;
    shown = entries;
    shownFirst = first;
  };
  const stop = watch(model, ["entries", "first"], paint);
  return () => {
    stop();
    cleanup();
  };
}

export default /** @satisfies {AnyWidget<EncounterLogTraits>} */ ({ initialize, render });
