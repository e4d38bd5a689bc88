// @ts-check
// Bundles the front end into bpb_widgets/static/ (widgets.js and widgets.css). The bundle's
// renderers are found, not listed: each panel's renderer is the default export of
// `<folder>/<key>.js`, in js/panels/ (the parts every fight shares, and the course's check) and
// in the panels/ folder of each game system (a folder of bpb_widgets with a system.py, as
// bpb_widgets.engine.system.discover finds them). `node js/build.mjs --watch` rebuilds on change.
import { existsSync, readdirSync } from "node:fs";
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
const builds = [
  {
    ...shared,
    stdin: { contents: entry(), resolveDir: process.cwd(), sourcefile: "widgets.js", loader: "js" },
    outfile: join(PACKAGE, "static", "widgets.js"),
  },
  { ...shared, entryPoints: ["js/widgets.css"], outfile: join(PACKAGE, "static", "widgets.css") },
];

if (process.argv.includes("--watch")) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
