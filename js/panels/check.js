// @ts-check
// The course's check: a question to answer before the notebook reveals it (one of some choices,
// or a number), or a task done on a fight and checked by the kernel. The verdict says right or
// wrong and why, a wrong one with a hint; after a wrong one, Show the answer (a task: Show me).
import { button, field, h, setText } from "../lib/dom.js";
import { frame } from "../lib/frame.js";
import { command, watch } from "../lib/sync.js";

/**
 * @import { CheckState, ModelLike, Traits } from "../lib/types.js"
 */

/**
 * Draw the check into `el`.
 * @param {{ model: ModelLike<Traits>, el: HTMLElement }} props
 * @returns {() => void}
 */
export default function renderCheck({ model: anyModel, el }) {
  const model = /** @type {ModelLike<CheckState>} */ (/** @type {unknown} */ (anyModel));
  const kind = model.get("kind");
  const { body, cleanup } = frame(el, model, { title: model.get("title") ?? "Check", cls: "bpb-quiz" });
  const prompt = h("p", { class: "bpb-prompt", text: model.get("prompt") });
  const verdict = h("div", { class: "bpb-verdict", role: "status", "aria-live": "polite" });
  const solution = h("p", { class: "bpb-solution" });
  const show = button(kind === "task" ? "Show me" : "Show the answer", () => command(model, "show"), {
    cls: "bpb-small",
  });

  /** @type {HTMLButtonElement[]} */
  let choices = [];
  const answering = h("div", { class: "bpb-answering" });
  if (kind === "choice") {
    choices = (model.get("choices") ?? []).map((text, choice) =>
      button(text, () => command(model, "answer", { choice }), { cls: "bpb-choice" }),
    );
    answering.append(h("div", { class: "bpb-choices", role: "group", "aria-label": "Choices" }, ...choices));
  } else if (kind === "number") {
    const input = h("input", { type: "number", step: "any", inputmode: "decimal", class: "bpb-number" });
    const submit = () => {
      const number = Number.parseFloat(input.value);
      if (Number.isFinite(number)) command(model, "answer", { number });
      else input.focus();
    };
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") submit();
    });
    const unit = model.get("unit");
    answering.append(
      h(
        "div",
        { class: "bpb-row" },
        field("Your answer", input),
        unit ? h("span", { class: "bpb-unit", text: unit }) : null,
        button("Answer", submit, { cls: "bpb-primary" }),
      ),
    );
  } else {
    answering.append(
      h(
        "div",
        { class: "bpb-controls" },
        button("Check", () => command(model, "check"), { cls: "bpb-primary" }),
      ),
    );
  }
  const showing = h("div", { class: "bpb-controls" }, show);
  body.append(prompt, answering, verdict, showing, solution);

  const paint = () => {
    const told = model.get("verdict") ?? {};
    const answered = model.get("answered");
    const shown = model.get("solution") ?? "";
    const said = told.right === undefined ? null : told;
    verdict.classList.toggle("bpb-right", said?.right === true);
    verdict.classList.toggle("bpb-wrong", said?.right === false);
    verdict.replaceChildren();
    if (said) {
      const lead = said.right ? "Right. " : kind === "task" ? "Not yet. " : "Not quite. ";
      verdict.append(h("p", {}, h("strong", { text: lead }), said.why));
      if (said.hint) verdict.append(h("p", { class: "bpb-hint-text" }, h("strong", { text: "Hint: " }), said.hint));
    }
    choices.forEach((choice, index) => {
      const picked = answered === index;
      choice.setAttribute("aria-pressed", String(picked));
      choice.classList.toggle("bpb-right", picked && said?.right === true);
      choice.classList.toggle("bpb-wrong", picked && said?.right === false);
    });
    showing.hidden = !(said && !said.right) || shown !== "";
    setText(solution, shown ? `Answer: ${shown}` : "");
    solution.hidden = !shown;
  };
  const stop = watch(model, ["verdict", "answered", "tries", "solution"], paint);
  return () => {
    stop();
    cleanup();
  };
}
