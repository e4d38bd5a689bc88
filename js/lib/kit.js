// @ts-check
// What a panel renderer defined outside the package may use (its module is sent by the kernel
// and cannot import from the bundle): the helpers the package's own renderers import, handed to
// it as `kit` beside its model and element (docs/architecture.md, "A new game system").
export * from "./dom.js";
export { frame } from "./frame.js";
export * from "./odds.js";
export { command, watch } from "./sync.js";
