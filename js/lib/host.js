// @ts-check
// The front end of every widget: one host model, one or more panels laid out in it. A screen of
// several panels is a grid that stacks into one column when the widget itself is narrow (a
// container query: the output area's width, not the window's). Keys pressed inside never reach
// the notebook. A panel whose renderer is not in the bundle (one defined outside the package) is
// drawn by the module the kernel sent in the `renderers` trait, loaded once.
import { h } from "./dom.js";
import * as kit from "./kit.js";
import { panelModel } from "./panel.js";
import { initialize } from "./sync.js";

/**
 * @import { AnyModel, AnyWidget } from "@anywidget/types"
 * @import { HostTraits, ModelLike, Traits } from "./types.js"
 */

/**
 * Draws one panel into `el` and returns its cleanup; `kit` is for a renderer outside the bundle.
 * @typedef {(props: { model: ModelLike<Traits>, el: HTMLElement, kit: typeof kit }) => () => void} PanelRenderer
 */

/**
 * The renderers the kernel sent, by their source: each module imported once.
 * @type {Map<string, Promise<PanelRenderer>>}
 */
const sent = new Map();

/**
 * The renderer in `source`, a module whose default export draws a panel.
 * @param {string} source
 * @returns {Promise<PanelRenderer>}
 */
export function loadRenderer(source) {
  let found = sent.get(source);
  if (found === undefined) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    found = import(url)
      .then((module) => /** @type {PanelRenderer} */ (module.default))
      .finally(() => URL.revokeObjectURL(url));
    sent.set(source, found);
  }
  return found;
}

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
        const extra = model.get("renderers") ?? {};
        const keys = (model.get("layout_panels") ?? []).filter((key) => key in renderers || key in extra);
        grid.classList.toggle("bpb-single", keys.length === 1);
        grid.replaceChildren(
          ...keys.map((key) => {
            const cell = h("div", { class: `bpb-cell bpb-cell-${key}${WIDE.has(key) ? " bpb-wide" : ""}` });
            const panel = panelModel(model, key);
            let stop = () => {};
            let gone = false;
            const draw = (/** @type {PanelRenderer} */ render) => {
              if (!gone) stop = render({ model: panel, el: cell, kit });
            };
            if (key in renderers) draw(renderers[key]);
            else
              loadRenderer(extra[key]).then(draw, (error) => {
                cell.replaceChildren(h("p", { class: "bpb-error", role: "alert", text: `${key}: ${error}` }));
              });
            cleanups.push(() => {
              gone = true;
              stop();
              panel.dispose();
            });
            return cell;
          }),
        );
      };
      model.on("change:layout_panels", layout);
      model.on("change:renderers", layout);
      layout();
      return () => {
        model.off("change:layout_panels", layout);
        model.off("change:renderers", layout);
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
