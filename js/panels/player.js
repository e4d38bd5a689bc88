// @ts-check
// The player view as a widget, for a second JupyterLab panel: the projection the kernel computed
// (bpb_widgets/widgets/panels/player.py), drawn as the TV page draws it. It sends no command.
import { watch } from "../lib/sync.js";
import { paintView } from "../player/render.js";

/**
 * @import { ModelLike, PlayerViewState, Traits } from "../lib/types.js"
 */

/** @type {Array<keyof PlayerViewState & string>} */
const FIELDS = ["title", "started", "round", "current", "order", "combatants"];

/**
 * Draw the player view into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderPlayer({ model: anyModel, el }) {
  const model = /** @type {ModelLike<PlayerViewState & Traits>} */ (/** @type {unknown} */ (anyModel));
  const root = document.createElement("section");
  root.className = "bpb bpb-player";
  root.setAttribute("aria-label", "Player view");
  el.replaceChildren(root);
  return watch(model, FIELDS, () => {
    const order = model.get("order");
    paintView(
      root,
      Array.isArray(order)
        ? {
            title: model.get("title"),
            started: model.get("started"),
            round: model.get("round"),
            current: model.get("current"),
            order,
            combatants: model.get("combatants") ?? {},
          }
        : null,
    );
  });
}
