// @ts-check
// Players: each player character's own page, for their phone. Per player: "New link" makes their
// page (and replaces the one before: its token is refused from then on), its address to copy and
// a QR code to scan (an SVG made in the kernel, nothing fetched). "Confirm players' answers": an
// answer to a hit a player sends then waits on their row, in words, with "Confirm" and "Refuse"
// (in table mode, on that player's card).
// bpb_widgets/widgets/panels/players.py.
import { button, h } from "../lib/dom.js";
import { frame } from "../lib/frame.js";
import { command, watch } from "../lib/sync.js";

/**
 * @import { ModelLike, PlayersState, Traits } from "../lib/types.js"
 */

/**
 * Draw the players' links into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderPlayers({ model: anyModel, el }) {
  const model = /** @type {ModelLike<PlayersState>} */ (/** @type {unknown} */ (anyModel));
  const { body, cleanup } = frame(el, model, { title: "Players", cls: "bpb-players" });
  const list = h("ul", { class: "bpb-players-list", "aria-label": "Players' own pages" });
  const hint = h("p", {
    class: "bpb-hint",
    text: "Each player's own page, for their phone: they answer their hits, attack and end their turns there.",
  });
  const confirming = /** @type {HTMLInputElement} */ (
    h("input", {
      type: "checkbox",
      onchange: (/** @type {Event} */ event) =>
        command(model, "set_confirm", { on: /** @type {HTMLInputElement} */ (event.currentTarget).checked }),
    })
  );
  const setting = h(
    "label",
    { class: "bpb-check bpb-players-confirm", title: "A player's answer to a hit waits here until you confirm it" },
    confirming,
    " Confirm players' answers",
  );
  body.append(setting, list, hint);
  const section = body.closest("section");
  const paint = () => {
    confirming.checked = model.get("confirm");
    const players = model.get("players") || [];
    // in table mode an answer waiting for the GM sits on its player's card, under the hit's
    // answers (host.js: placeOnCards); there the panel shows that answer only
    const waiting = players.find((player) => player.held);
    if (waiting) section?.setAttribute("data-card", waiting.name);
    else section?.removeAttribute("data-card");
    if (!players.length) {
      list.replaceChildren(h("li", { class: "bpb-hint", text: "No player character in the fight yet." }));
      return;
    }
    list.replaceChildren(
      ...players.map((player) =>
        h(
          "li",
          { class: "bpb-players-row", "data-name": player.name },
          h("strong", { text: player.name }),
          player.url
            ? h("a", { href: player.url, target: "_blank", rel: "noopener noreferrer", text: player.url })
            : h("span", { class: "bpb-hint", text: "no link yet" }),
          player.qr ? h("img", { src: player.qr, alt: `QR code of ${player.name}'s link`, width: 132 }) : null,
          button("New link", () => command(model, "new_link", { name: player.name }), {
            cls: "bpb-small",
            title: `A new page for ${player.name}: the link before stops working`,
          }),
          player.held
            ? h(
                "div",
                { class: "bpb-players-held", role: "group", "aria-label": `${player.name}'s answer` },
                h("span", { text: `${player.name} answers from their phone: ${player.held}` }),
                button("Confirm", () => command(model, "confirm", { name: player.name }), {
                  cls: "bpb-primary bpb-small",
                  title: `Apply ${player.name}'s answer`,
                }),
                button("Refuse", () => command(model, "refuse", { name: player.name }), {
                  cls: "bpb-small",
                  title: `${player.name} answers again (or you answer in their place)`,
                }),
              )
            : null,
        ),
      ),
    );
  };
  const unwatch = watch(model, ["players", "confirm"], paint);
  return () => {
    unwatch();
    cleanup();
  };
}
