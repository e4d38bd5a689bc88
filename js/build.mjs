// @ts-check
// Bundles the front end into bpb_widgets/static/ (widgets.js and widgets.css, and board.js, what
// each widget loads: the bundle imported once a page). The bundle's
// renderers are found, not listed: each panel's renderer is the default export of
// `<folder>/<key>.js`, in js/panels/ (the parts every fight shares, and the course's check) and
// in the panels/ folder of each game system (a folder of bpb_widgets with a system.py, as
// bpb_widgets.engine.system.discover finds them). `node js/build.mjs --watch` rebuilds on change.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import * as esbuild from "esbuild";

const PACKAGE = "bpb_widgets";
/** Modules in a panels folder that are not renderers. */
const NOT_RENDERERS = new Set(["types.js"]);

/** @returns {string[]} The folders holding renderers. */
function panelFolders() {
  const systems = readdirSync(PACKAGE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(PACKAGE, entry.name, "system.py")))
    .map((entry) => join(PACKAGE, entry.name, "panels"))
    .filter((folder) => existsSync(folder));
  return ["js/panels", ...systems.sort()];
}

/** @returns {Map<string, string>} Each renderer's key and its file. */
export function renderers() {
  /** @type {Map<string, string>} */
  const found = new Map();
  for (const folder of panelFolders()) {
    for (const file of readdirSync(folder).sort()) {
      if (!file.endsWith(".js") || NOT_RENDERERS.has(file)) continue;
      const key = basename(file, ".js");
      const other = found.get(key);
      if (other) throw new Error(`Two renderers for the panel "${key}": ${other} and ${join(folder, file)}.`);
      found.set(key, join(folder, file));
    }
  }
  return found;
}

/** @returns {string} The bundle's entry: the host with every renderer, and the player page. */
function entry() {
  const found = [...renderers()];
  const imports = found.map(([, file], i) => `import r${i} from "./${file}";`);
  const table = found.map(([key], i) => `  ${JSON.stringify(key)}: r${i},`);
  return [
    'import { host } from "./js/lib/host.js";',
    ...imports,
    `export default host({\n${table.join("\n")}\n});`,
    'export { startPlayerPage } from "./js/player/page.js";',
    'export { startPhonePage } from "./js/player/phone.js";',
    "",
  ].join("\n");
}

/** @type {import("esbuild").BuildOptions} */
const shared = { bundle: true, format: "esm", target: "es2020", minify: true, logLevel: "warning" };
const BUNDLE = join(PACKAGE, "static", "widgets.js");

/**
 * Once the bundle is built (again, when watching), build what each widget loads, board.js
 * (js/board.js): the bundle's text and hash put in, so that a page imports it once.
 * @type {import("esbuild").Plugin}
 */
const board = {
  name: "board",
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0) return;
      const bundle = readFileSync(BUNDLE, "utf8");
      const key = createHash("sha256").update(bundle).digest("hex").slice(0, 16);
      await esbuild.build({
        ...shared,
        entryPoints: ["js/board.js"],
        outfile: join(PACKAGE, "static", "board.js"),
        define: { __BPB_BUNDLE__: JSON.stringify(bundle), __BPB_BUNDLE_KEY__: JSON.stringify(key) },
      });
    });
  },
};

const builds = [
  {
    ...shared,
    stdin: { contents: entry(), resolveDir: process.cwd(), sourcefile: "widgets.js", loader: "js" },
    outfile: BUNDLE,
    plugins: [board],
  },
  { ...shared, entryPoints: ["js/widgets.css"], outfile: join(PACKAGE, "static", "widgets.css") },
];

if (process.argv.includes("--watch")) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
