// The forecast in Pyodide (the JupyterLite demo's Python, here under Node): the site's own
// Pyodide and wheels (make lite), the seed fight of benchmarks/forecast.py on one core.
// Usage: node benchmarks/pyodide_forecast.mjs <site> <python code>; prints what the code prints.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [site, code] = process.argv.slice(2);
const runtime = resolve(site, "static", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
const wheels = join(site, "pypi");
pyodide.FS.mkdirTree("/wheels");
for (const name of readdirSync(wheels).filter((file) => file.endsWith(".whl"))) {
  pyodide.FS.writeFile(`/wheels/${name}`, readFileSync(join(wheels, name)));
}
await pyodide.loadPackage("micropip");
await pyodide.runPythonAsync(`
import micropip, os
await micropip.install(["emfs:/wheels/" + name for name in os.listdir("/wheels")], deps=False)
`);
await pyodide.runPythonAsync(code);
