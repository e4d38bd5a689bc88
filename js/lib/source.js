// @ts-check

/**
 * The module whose code is `source`, imported from a Blob URL revoked once imported (what
 * anywidget does with a widget's `_esm`): the bundle, in board.js, and a panel's renderer the
 * kernel sent, in host.js.
 * @param {string} source
 * @returns {Promise<{ default?: unknown }>}
 */
export function importSource(source) {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  return import(url).finally(() => URL.revokeObjectURL(url));
}
