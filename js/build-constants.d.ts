/** Put in by js/build.mjs when it builds board.js: the bundle's text and its SHA-256, shortened. */
declare const __BPB_BUNDLE__: string;
declare const __BPB_BUNDLE_KEY__: string;
