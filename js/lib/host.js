// @ts-check
// The front end of every widget: one host model, one or more panels laid out in it. A screen of
// several panels is a grid that stacks into one column when the widget itself is narrow (a
// container query: the output area's width, not the window's). Keys pressed inside never reach
// the notebook. A panel whose renderer is not in the bundle (one defined outside the package) is
// drawn by the module the kernel sent in the `renderers` trait, loaded once.
//
// A screen of several panels has a table mode (docs/architecture.md, "Table mode"): the default
// while the widget is narrower than about 900 px, a toggle otherwise. It is layout only: the
// order of play sticks at the top, the cards follow in order of play from whoever acts, and the
// panels a GM does not need every turn (the files, a dice roller: their frame says `tuck`) wait
// behind a disclosure button. A panel that says whose action it holds
// (`data-card` on its region: the attacker's, or the target's while a hit waits for the answer)
// is drawn inside that combatant's card (`placeOnCards`). The screen's one-key shortcuts work
// wherever the focus is inside it (routed to the panel that offers the key), and `?` lists them.
import { button, h } from "./dom.js";
import { cancelAsking, keyMap, routeKey, shortcutOf } from "./frame.js";
import * as kit from "./kit.js";
import { panelModel } from "./panel.js";
import { importSource } from "./source.js";
import { keepStylesheet } from "./stylesheet.js";
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
    found = importSource(source).then((module) => /** @type {PanelRenderer} */ (module.default));
    sent.set(source, found);
  }
  return found;
}

/**
 * The panels that span the whole width of a screen.
 */
const WIDE = new Set(["strip", "files"]);

/** Table mode is the default below this width of the widget itself (px). */
export const TABLE_BELOW = 900;

/**
 * The key map `?` opens: the keys each panel offers now, closed by Escape (or Close), which gives
 * the focus back to where it was.
 * @param {HTMLElement} root the screen, whose panels' keys are listed
 */
function keysDialog(root) {
  const list = h("table", { class: "bpb-keymap-table" });
  const close = button("Close", () => dialog.close());
  const title = h("h3", {
    class: "bpb-title",
    id: `bpb-keys-${Math.random().toString(36).slice(2)}`,
    text: "Keys available now",
  });
  const dialog = h(
    "dialog",
    { class: "bpb-keymap", "aria-labelledby": title.id },
    title,
    list,
    h("p", {
      class: "bpb-hint",
      text: "The keys work wherever the focus is in the screen (letters too in a dice box). Escape closes this list.",
    }),
    close,
  );
  /** @type {HTMLElement | null} */
  let before = null;
  dialog.addEventListener("close", () => before?.focus());
  const open = () => {
    before = /** @type {HTMLElement | null} */ (document.activeElement);
    const rows = keyMap(root);
    const name = (/** @type {string} */ keys) =>
      keys
        .split(" ")
        .map((key) => (/^[a-z]/.test(key) ? key[0].toUpperCase() + key.slice(1) : key))
        .join(" or ");
    list.replaceChildren(
      h("tr", {}, h("th", { text: "Key" }), h("th", { text: "Does" }), h("th", { text: "Panel" })),
      ...rows.map(([panel, key, what]) =>
        h("tr", {}, h("td", {}, h("kbd", { text: name(key) })), h("td", { text: what }), h("td", { text: panel })),
      ),
      h("tr", {}, h("td", {}, h("kbd", { text: "?" })), h("td", { text: "this list" }), h("td", { text: "" })),
    );
    dialog.showModal();
    close.focus();
  };
  return { dialog, open };
}

/**
 * In table mode, keep the order of play (`.bpb-cell-strip`) at the top of whatever scrolls the
 * screen out of view. CSS `position: sticky` cannot: a notebook's output area clips its overflow
 * (JupyterLab's is `overflow: auto`), so the cell would stick to a box that never scrolls. The
 * strip is moved down instead (a transform, no layout), within the screen's own height. Returns
 * the cleanup.
 * @param {HTMLElement} root the screen (`.bpb-host`)
 * @param {HTMLElement} grid its panels
 */
function pinOrderOfPlay(root, grid) {
  let queued = false;
  /** @type {HTMLElement | null} */
  let pinned = null;
  /** @type {EventTarget | null} */
  let scroller = null;
  const place = () => {
    queued = false;
    const strip = /** @type {HTMLElement | null} */ (grid.querySelector?.(":scope > .bpb-cell-strip") ?? null);
    if (pinned && pinned !== strip) pinned.style.transform = "";
    pinned = strip;
    if (!strip) return;
    if (!root.classList.contains("bpb-table-mode")) {
      strip.style.transform = "";
      return;
    }
    const view = scroller instanceof Element && scroller.contains(root) ? scroller.getBoundingClientRect() : null;
    const top = Math.max(0, view?.top ?? 0);
    const box = grid.getBoundingClientRect();
    // a strip taller than half the view (hundreds of chips) is not pinned over what it would hide
    const room = (view?.height ?? window.innerHeight) / 2;
    const shift = strip.offsetHeight > room ? 0 : Math.max(0, Math.min(top - box.top, box.height - strip.offsetHeight));
    strip.style.transform = shift > 0 ? `translateY(${Math.round(shift)}px)` : "";
    strip.classList.toggle("bpb-pinned", shift > 0);
  };
  /** @param {Event} event */
  const scrolled = (event) => {
    if (event.target instanceof Element && !event.target.contains(root)) return;
    scroller = event.target;
    if (!queued) {
      queued = true;
      requestAnimationFrame(place);
    }
  };
  if (typeof document === "undefined" || typeof document.addEventListener !== "function") return () => {};
  // scroll events do not bubble: caught on their way down, from whatever scrolls
  document.addEventListener("scroll", scrolled, { capture: true, passive: true });
  return () => document.removeEventListener("scroll", scrolled, { capture: true });
}

/**
 * In table mode, a panel whose region names a combatant (`data-card`: whoever acts with it now) is
 * drawn at the foot of that combatant's card in the roster (`li.bpb-combatant[data-name]`): the
 * same panel moved, not a copy; outside table mode, or with no such card, it goes back to its
 * place in the grid, after its disclosure button (`homes`). A card the roster draws again drops
 * it, and it is put back. The focus stays where it was (a dice box keeps it from turn to turn).
 * Returns `place`, to call when the mode changes, `watch`, to give it the roster's cell, whose
 * cards it follows, and the cleanup.
 * @param {HTMLElement} root the screen (`.bpb-host`)
 * @param {HTMLElement} grid its panels
 * @param {Map<HTMLElement, HTMLElement>} homes each panel's cell and its disclosure button
 */
function placeOnCards(root, grid, homes) {
  /** What had the focus last inside the screen, until the GM moves it out. @type {Element | null} */
  let focused = null;
  /** @param {FocusEvent} event */
  const focusIn = (event) => {
    focused = /** @type {Element} */ (event.target);
  };
  /** @param {FocusEvent} event */
  const focusOut = (event) => {
    const left = /** @type {Element} */ (event.target);
    const to = /** @type {Node | null} */ (event.relatedTarget);
    if (to !== null) {
      if (!root.contains(to)) focused = null; // the GM moved on, out of the screen
      return;
    }
    // a control removed with its card keeps its claim (put back, it has the focus again); one
    // still there that lost the focus to the page (a click on the notebook) gives it up
    setTimeout(() => {
      if (focused === left && left.isConnected && document.activeElement !== left) focused = null;
    });
  };
  /** The cells on a card now. @type {WeakSet<HTMLElement>} */
  const away = new WeakSet();
  const place = () => {
    const table = root.classList.contains("bpb-table-mode");
    for (const [cell, disclose] of homes) {
      const name = cell.querySelector?.("section.bpb")?.getAttribute("data-card");
      const card =
        table && name ? grid.querySelector(`.bpb-cell-roster li.bpb-combatant[data-name="${CSS.escape(name)}"]`) : null;
      if (card ? cell.parentElement === card : !away.has(cell)) continue;
      const had = focused !== null && cell.contains(focused) ? focused : null;
      if (card) {
        away.add(cell);
        card.append(cell);
      } else {
        away.delete(cell);
        disclose.after(cell);
      }
      const active = document.activeElement;
      if (had instanceof HTMLElement && (active === null || active === document.body || !active.isConnected))
        had.focus({ preventScroll: true });
    }
  };
  let queued = false;
  const watcher =
    typeof MutationObserver === "undefined"
      ? null
      : new MutationObserver(() => {
          if (queued) return;
          queued = true;
          queueMicrotask(() => {
            queued = false;
            place();
          });
        });
  // a panel naming another card, and the roster's cards drawn again (not every chip and entry)
  watcher?.observe(grid, { subtree: true, attributes: true, attributeFilter: ["data-card"] });
  /** @param {HTMLElement} roster */
  const watch = (roster) => watcher?.observe(roster, { childList: true, subtree: true });
  root.addEventListener("focusin", focusIn);
  root.addEventListener("focusout", focusOut);
  const stop = () => {
    watcher?.disconnect();
    root.removeEventListener("focusin", focusIn);
    root.removeEventListener("focusout", focusOut);
  };
  return { place, watch, stop };
}

/**
 * An anywidget module showing the host's panels with these renderers.
 * @param {Record<string, PanelRenderer>} renderers
 * @returns {AnyWidget<HostTraits>}
 */
export function host(renderers) {
  return {
    initialize,
    render({ model, el }) {
      keepStylesheet(document, model.get("_anywidget_id"));
      const grid = h("div", { class: "bpb-screen" });
      const keyList = keysDialog(grid);
      /** The GM's choice of mode (null: table mode while the widget is narrow). @type {boolean | null} */
      let chosen = null;
      const toggle = h("button", {
        type: "button",
        class: "bpb-button bpb-small",
        "aria-pressed": "false",
        text: "Table mode",
        title: "One column in the order of a turn: the order of play at the top, then the turn's actions and the cards",
      });
      const showKeys = button("Keys (?)", keyList.open, { cls: "bpb-small", title: "The keys available now (?)" });
      const bar = h("div", { class: "bpb-host-bar", hidden: true }, toggle, showKeys);
      const root = h(
        "div",
        { class: "bpb-host", tabindex: "-1", "data-lm-suppress-shortcuts": "true" },
        bar,
        grid,
        keyList.dialog,
      );
      /** The widget's width, read when its panels are laid out and as it resizes. */
      let width = 0;
      const measure = () => {
        width = root.clientWidth;
      };
      const narrow = () => width > 0 && width < TABLE_BELOW;
      const paintMode = () => {
        const table = homes.size > 1 && (chosen ?? narrow());
        root.classList.toggle("bpb-table-mode", table);
        toggle.setAttribute("aria-pressed", String(table));
        onCards.place();
      };
      const unpin = pinOrderOfPlay(root, grid);
      /** Each panel's cell and the disclosure button it follows in the grid. @type {Map<HTMLElement, HTMLElement>} */
      const homes = new Map();
      const onCards = placeOnCards(root, grid, homes);
      toggle.addEventListener("click", () => {
        chosen = !root.classList.contains("bpb-table-mode");
        paintMode();
      });
      // the widget's own width (not the window's) decides, as the output area resizes
      const resized =
        typeof ResizeObserver === "undefined"
          ? null
          : new ResizeObserver(() => {
              measure();
              paintMode();
            });
      resized?.observe(root);
      // a click anywhere inside keeps the focus inside, and no key reaches the notebook's
      // shortcuts; a key no panel with the focus took goes to the panel that offers it
      root.addEventListener("keydown", (event) => {
        const key = shortcutOf(event);
        if (key === "?" && !keyList.dialog.open) {
          event.preventDefault();
          keyList.open();
        } else if (key !== null && key !== "escape" && !keyList.dialog.open) routeKey(grid, key, event);
        // Escape leaves the screen to the notebook, unless it cancels a question or the key map
        const cancelled = key === "escape" && !keyList.dialog.open && cancelAsking(grid);
        if (event.key !== "Escape" || keyList.dialog.open || cancelled) event.stopPropagation();
      });
      el.replaceChildren(root);
      el.classList.add("bpb-widget");
      /** @type {Array<() => void>} */
      let cleanups = [];
      /** The panels the GM opened from behind their disclosure button, by key. */
      const shown = new Set();
      const layout = () => {
        for (const cleanup of cleanups) cleanup();
        cleanups = [];
        homes.clear();
        const extra = model.get("renderers") ?? {};
        const keys = (model.get("layout_panels") ?? []).filter((key) => key in renderers || key in extra);
        grid.classList.toggle("bpb-single", keys.length === 1);
        bar.hidden = keys.length < 2;
        // the width read while the grid is empty: with the panels drawn, reading it would lay out
        // a big fight's 500 chips and cards at once, and the frame after would again
        grid.replaceChildren();
        measure();
        grid.replaceChildren(
          ...keys.flatMap((key) => {
            const cell = h("div", { class: `bpb-cell bpb-cell-${key}${WIDE.has(key) ? " bpb-wide" : ""}` });
            // in table mode a panel its frame tucks away waits behind this button
            // open stays open when the screen is laid out again (New fight, Load: new panels)
            const disclose = h("button", {
              type: "button",
              class: `bpb-button bpb-disclose bpb-disclose-${key}`,
              "aria-expanded": String(shown.has(key)),
            });
            cell.classList.toggle("bpb-shown", shown.has(key));
            disclose.addEventListener("click", () => {
              const open = !shown.has(key);
              if (open) shown.add(key);
              else shown.delete(key);
              disclose.setAttribute("aria-expanded", String(open));
              cell.classList.toggle("bpb-shown", open);
            });
            const panel = panelModel(model, key);
            let stop = () => {};
            let gone = false;
            const draw = (/** @type {PanelRenderer} */ render) => {
              if (gone) return;
              stop = render({ model: panel, el: cell, kit });
              const section = cell.querySelector?.("section.bpb");
              const tucked = section?.hasAttribute("data-tuck") ?? false;
              cell.classList.toggle("bpb-tuck", tucked);
              disclose.classList.toggle("bpb-tuck", tucked);
              disclose.textContent = section?.getAttribute("aria-label") ?? key;
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
            homes.set(cell, disclose);
            if (key === "roster") onCards.watch(cell);
            return [disclose, cell];
          }),
        );
        paintMode();
      };
      model.on("change:layout_panels", layout);
      model.on("change:renderers", layout);
      layout();
      return () => {
        model.off("change:layout_panels", layout);
        model.off("change:renderers", layout);
        el.classList.remove("bpb-widget");
        resized?.disconnect();
        unpin();
        onCards.stop();
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
