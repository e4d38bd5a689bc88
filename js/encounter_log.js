// EncounterLog: the explained events, grouped by round; choosing an entry undoes back to it.
import { h } from "./lib/dom.js";
import { frame } from "./lib/frame.js";
import { command, initialize, watch } from "./lib/sync.js";

function render({ model, el }) {
  const { body, cleanup } = frame(el, model, { title: "Encounter log", cls: "bpb-log" });
  const list = h("ol", { class: "bpb-entries", "aria-label": "Events" });
  const hint = h("p", { class: "bpb-hint", text: "Choose an entry to undo back to it (Redo brings it back)." });
  body.append(list, hint);
  let shown = [];

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
    const stick = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    let same = 0;
    while (same < shown.length && same < entries.length && shown[same] === entries[same]) same += 1;
    while (list.children.length > same) list.lastChild.remove();
    list.append(...entries.slice(same).map((entry, offset) => item(entry, same + offset)));
    if (stick || shown.length === 0) list.scrollTop = list.scrollHeight;
    shown = entries;
  };
  const stop = watch(model, ["entries"], paint);
  return () => {
    stop();
    cleanup();
  };
}

export default { initialize, render };
