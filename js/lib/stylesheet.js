// @ts-check
// The widgets' one stylesheet, written once. anywidget's front end sets the text of its `<style>`
// again for every new widget, the same text included, and the browser then styles the whole page
// anew: 8-30 ms for each widget run in a page that already shows big widgets (docs/performance.md,
// "How costs grow"). Here a write of the same text to that `<style>` changes nothing; a changed
// text (a hot reload of the CSS) still lands.

/**
 * How `node`'s text is read and written: the accessor it inherits.
 * @param {object} node
 * @returns {{ get(): string | null, set(text: string | null): void }}
 */
function inheritedText(node) {
  for (let proto = Object.getPrototypeOf(node); proto !== null; proto = Object.getPrototypeOf(proto)) {
    const found = Object.getOwnPropertyDescriptor(proto, "textContent");
    if (found?.get && found.set) return { get: found.get, set: found.set };
  }
  throw new TypeError("a <style> without textContent");
}

/**
 * Make writes of the same text to the `<style>` anywidget keeps under `id` do nothing, once per
 * page (nothing when there is no such `<style>`: a host that scopes the CSS itself).
 * @param {Pick<Document, "getElementById">} document
 * @param {string} id
 */
export function keepStylesheet(document, id) {
  const style = document.getElementById(id);
  if (style === null || style.tagName !== "STYLE" || Object.getOwnPropertyDescriptor(style, "textContent")) return;
  const text = inheritedText(style);
  Object.defineProperty(style, "textContent", {
    configurable: true,
    get() {
      return text.get.call(this);
    },
    /** @param {string | null} value */
    set(value) {
      if (value !== text.get.call(this)) text.set.call(this, value);
    },
  });
}
