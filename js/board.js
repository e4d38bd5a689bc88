// @ts-check
// What each widget's `_esm` is (bpb_widgets/static/board.js, built by js/build.mjs): anywidget
// imports a widget's `_esm` afresh for every widget shown, so each would evaluate, and keep in the
// page, its own copy of the whole bundle. This imports the bundle once a page, by its hash, and
// hands every widget the same module (its renderers, its caches, the key last pressed). A rebuilt
// bundle (a hot reload) has another hash, so it is imported anew.
import { importSource } from "./lib/source.js";

/** The bundle's text (`widgets.js`), put in by the build. */
const BUNDLE = __BPB_BUNDLE__;
/** Its SHA-256, shortened, put in by the build. */
const KEY = __BPB_BUNDLE_KEY__;

/** @typedef {{ initialize?: Function, render: Function }} Widget */

/** @typedef {{ __bpbWidgets?: Record<string, Promise<Widget>> }} Page */
const page = /** @type {Page} */ (/** @type {unknown} */ (globalThis));
/** The bundles imported in this page, by hash (the first board.js of the page makes the record). */
const imported = page.__bpbWidgets ?? {};
page.__bpbWidgets = imported;

/** anywidget's entry: the widget (initialize, render) of the bundle, imported once a page. */
export default function widget() {
  let found = imported[KEY];
  if (found === undefined) {
    found = importSource(BUNDLE).then((module) => /** @type {Widget} */ (module.default));
    imported[KEY] = found;
  }
  return found;
}
