// @ts-check
// The front end of every widget: one host model, one or more panels laid out in it. A screen of
// several panels is a grid that stacks into one column when the widget itself is narrow (a
// container query: the output area's width, not the window's). Keys pressed inside never reach
// the notebook.
import { h } from "./dom.js";
import { panelModel } from "./panel.js";
import { initialize } from "./sync.js";

/**
 * @import { AnyModel, AnyWidget } from "@anywidget/types"
 * @import { HostTraits, ModelLike, Traits } from "./types.js"
 */

/**
 * Draws one panel into `el` and returns its cleanup.
 * @typedef {(props: { model: ModelLike<Traits>, el: HTMLElement }) => () => void} PanelRenderer
 */

/**
 * The panels that span the whole width of a screen.
 */
const WIDE = new Set(["strip", "files"]);

/**
 * An anywidget module showing the host's panels with these renderers.
 * @param {Record<string, PanelRenderer>} renderers
 * @returns {AnyWidget<HostTraits>}
 */
export function host(renderers) {
  return {
    initialize,
    render({ model, el }) {
      const grid = h("div", { class: "bpb-screen" });
      const root = h("div", { class: "bpb-host", tabindex: "-1", "data-lm-suppress-shortcuts": "true" }, grid);
      // a click anywhere inside keeps the focus inside, and no key reaches the notebook's shortcuts
      root.addEventListener("keydown", (event) => {
        if (event.key !== "Escape") event.stopPropagation();
      });
      el.replaceChildren(root);
      el.classList.add("bpb-widget");
      /** @type {Array<() => void>} */
      let cleanups = [];
      const layout = () => {
        for (const cleanup of cleanups) cleanup();
        cleanups = [];
        const keys = (model.get("layout_panels") ?? []).filter((key) => key in renderers);
        grid.classList.toggle("bpb-single", keys.length === 1);
        grid.replaceChildren(
          ...keys.map((key) => {
            const cell = h("div", { class: `bpb-cell bpb-cell-${key}${WIDE.has(key) ? " bpb-wide" : ""}` });
            const panel = panelModel(model, key);
            const stop = renderers[key]({ model: panel, el: cell });
            cleanups.push(() => {
              stop();
              panel.dispose();
            });
            return cell;
          }),
        );
      };
      model.on("change:layout_panels", layout);
      layout();
      return () => {
        model.off("change:layout_panels", layout);
        el.classList.remove("bpb-widget");
        for (const cleanup of cleanups) cleanup();
      };
    },
  };
}

/**
 * The model a panel renderer gets, narrowed to its state's type.
 * @template {Traits} S
 * @param {ModelLike<Traits>} model
 * @returns {ModelLike<S>}
 */
export function typed(model) {
  return /** @type {ModelLike<S>} */ (/** @type {unknown} */ (model));
}

/** @typedef {AnyModel<HostTraits>} HostModel */
