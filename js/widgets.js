// @ts-check
// The one front-end module of every widget (bundled to bpb_widgets/static/widgets.js): the host
// lays out the panels its model names, each drawn by its renderer here.
import { host } from "./lib/host.js";
import { renderAttack } from "./panels/attack.js";
import { renderCheck } from "./panels/check.js";
import { renderCombat } from "./panels/combat.js";
import { renderD10 } from "./panels/d10.js";
import { renderDefense } from "./panels/defense.js";
import { renderFiles } from "./panels/files.js";
import { renderForecast } from "./panels/forecast.js";
import { renderInitiative } from "./panels/initiative.js";
import { renderLog } from "./panels/log.js";
import { renderPlayer } from "./panels/player.js";
import { renderRoster } from "./panels/roster.js";
import { renderStrip } from "./panels/strip.js";
import { renderTask } from "./panels/task.js";

export default host({
  strip: renderStrip,
  roster: renderRoster,
  attack: renderAttack,
  combat: renderCombat,
  defense: renderDefense,
  task: renderTask,
  initiative: renderInitiative,
  d10: renderD10,
  log: renderLog,
  files: renderFiles,
  forecast: renderForecast,
  player: renderPlayer,
  check: renderCheck,
});

// the player page a TV shows (bpb_widgets/player/server.py) loads this same bundle
export { startPlayerPage } from "./player/page.js";
