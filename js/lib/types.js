// @ts-check
// The synced traits of every widget, as JSDoc types: nothing here runs and no bundle imports it.
// Each typedef mirrors a Python class in bpb_widgets/widgets/ (its traits tagged sync=True, and
// the dicts its _sheet, _record, _preview, odds_payload... build). Python is the authority: when a
// trait or a dict key changes there, change it here too.

// -- shared ---------------------------------------------------------------------------------------

/**
 * What every model's traits extend (anywidget's own constraint is `Record<string, any>`).
 * @typedef {Record<string, unknown>} Traits
 */

/**
 * A dict trait before the kernel first fills it: `{}`, so every key reads as undefined.
 * @template T
 * @typedef {{ [K in keyof T]?: undefined }} Unset
 */

/**
 * The traits of every encounter widget (`EncounterWidget`, widgets/_base.py).
 * @typedef {object} EncounterTraits
 * @property {string} error The last refused command's message, "" when the last one was accepted.
 */

/**
 * The encounter class's `Controls` (engine/encounter.py): how the strip runs a turn.
 * @typedef {object} Controls
 * @property {string} roll_order The label of the button that settles the order before the start.
 * @property {string} roll_order_help What that button does.
 * @property {boolean} delay_to_step Delay asks for the step to delay to (initiative steps).
 * @property {boolean} ap_dice Each turn rolls action-point dice and spends them.
 */

/**
 * An exact chance, `[numerator, denominator, float]` (widgets/_odds.py `exact`).
 * @typedef {[number, number, number]} Exact
 */

/**
 * A chart's bars: `[[value, probability], ...]`, values ascending.
 * @typedef {Array<[number, number]>} Distribution
 */

/**
 * The odds of one task roll (widgets/_odds.py `odds_payload`).
 * @typedef {object} OddsPayload
 * @property {number} difficulty
 * @property {boolean} expertise
 * @property {number} extreme_total The lowest total that is an extreme success (with expertise).
 * @property {Exact} success
 * @property {Exact} extreme
 * @property {boolean} too_difficult More than 12 above attribute plus bonuses: even a 12 fails.
 * @property {Distribution} distribution The chance of each total.
 */

/**
 * One `[key, value, text]` row of the choices: a circumstance (`[key, bonus, wording]`).
 * @typedef {[string, number, string]} ChoiceRow
 */

// -- the patch protocol (widgets/_base.py `_patch_dict`, `_splice`; js/lib/sync.js) --------------

/**
 * Set keys of a dict trait; a null value removes the key.
 * @typedef {{ set: Record<string, unknown> }} SetPatch
 */

/**
 * Replace a list trait from `start` on by `items`.
 * @typedef {{ splice: [number, unknown[]] }} SplicePatch
 */

/**
 * The custom message in which the kernel sends in-place edits of large traits.
 * @typedef {object} PatchMessage
 * @property {"patch"} type
 * @property {Record<string, SetPatch | SplicePatch>} traits
 */

// -- DiceRoller (widgets/dice_roller.py): TaskRoller, BlackoutRoller, D10Roller -------------------

/**
 * `TaskRoller` (widgets/task_roller.py), shown by js/dice_roller.js.
 * @typedef {EncounterTraits & {
 *   choices: TaskChoices,
 *   sheets: Record<string, TaskSheet>,
 *   selection: TaskSelection | Unset<TaskSelection>,
 *   preview: TaskPreview | Unset<TaskPreview>,
 *   result: TaskResult | Unset<TaskResult>,
 * }} TaskRollerTraits
 */

/**
 * `CHOICES`: what the roller offers.
 * @typedef {object} TaskChoices
 * @property {string[]} attributes
 * @property {ChoiceRow[]} difficulties `[name, value, examples]`, easiest first.
 * @property {ChoiceRow[]} attack The attack bonuses, `[key, bonus, wording]`.
 * @property {ChoiceRow[]} defense The difficulty modifiers, `[key, bonus, wording]`.
 */

/**
 * `TaskRoller._sheet`.
 * @typedef {object} TaskSheet
 * @property {Record<string, number>} ranks Attribute -> rank.
 * @property {string[]} expertise
 */

/**
 * `TaskRoller._parse`: the roll being set up.
 * @typedef {object} TaskSelection
 * @property {string | null} combatant
 * @property {string | null} attribute
 * @property {number} bonus
 * @property {number | null} difficulty
 * @property {string | null} opposed
 * @property {string | null} opposed_attribute
 * @property {boolean} expertise
 * @property {string[]} attack
 * @property {string[]} defense
 */

/**
 * `TaskRoller._preview`: both sides of the arithmetic and the odds.
 * @typedef {OddsPayload & {
 *   attribute: number,
 *   bonus: number,
 *   roll: string,
 *   against: string,
 * }} TaskPreview
 */

/**
 * `TaskRoller._cmd_roll`: the last roll.
 * @typedef {object} TaskResult
 * @property {string} text
 * @property {number[]} dice
 * @property {number} total
 * @property {number} difficulty
 * @property {boolean} success
 * @property {boolean} extreme
 */

/**
 * `BlackoutRoller` (widgets/system_rollers.py), shown by js/blackout_roller.js.
 * @typedef {EncounterTraits & {
 *   choices: { dice: [number, number] },
 *   sheets: Record<string, BlackoutSheet>,
 *   selection: BlackoutSelection | Unset<BlackoutSelection>,
 *   preview: BlackoutPreview,
 *   result: BlackoutResult | Unset<BlackoutResult>,
 * }} BlackoutRollerTraits
 */

/**
 * `BlackoutRoller._sheet`: a PC, or an enemy with a fixed step.
 * @typedef {object} BlackoutSheet
 * @property {boolean} pc
 * @property {number | null} step
 */

/**
 * `BlackoutRoller._chosen`.
 * @typedef {object} BlackoutSelection
 * @property {string | null} combatant
 * @property {number} count How many initiative dice.
 */

/**
 * `BlackoutRoller._steps`: the chance of each step with `count` dice (set from the start).
 * @typedef {object} BlackoutPreview
 * @property {number} count
 * @property {Distribution} distribution
 * @property {number | null} first_enemy The lowest enemy step, or null without enemies.
 * @property {Exact} before The chance of acting before every enemy.
 * @property {number} mean
 */

/**
 * `BlackoutRoller._cmd_roll`.
 * @typedef {object} BlackoutResult
 * @property {string} text
 * @property {number} step
 */

/**
 * `D10Roller` (widgets/system_rollers.py), shown by js/d10_roller.js.
 * @typedef {EncounterTraits & {
 *   current: string | null,
 *   sheets: Record<string, D10Sheet>,
 *   selection: { combatant: string } | Unset<{ combatant: string }>,
 *   preview: D10Preview,
 *   result: D10Result | Unset<D10Result>,
 * }} D10RollerTraits
 */

/**
 * `D10Roller._sheet`.
 * @typedef {object} D10Sheet
 * @property {number} agb
 * @property {number} awarb
 * @property {string[]} traits
 */

/**
 * `D10Roller._odds` (set from the start): a surprise check of the chosen combatant, and the AP
 * dice of whoever's turn it is while they have not rolled them.
 * @typedef {object} D10Preview
 * @property {SurpriseOdds | null} surprise
 * @property {ApOdds | null} ap
 */

/**
 * @typedef {object} SurpriseOdds
 * @property {string} combatant
 * @property {number} awareness AwarB plus the traits' modifier.
 * @property {number} modifier
 * @property {Exact} surprised
 * @property {Distribution} distribution AP lost to surprise.
 */

/**
 * @typedef {object} ApOdds
 * @property {string} combatant
 * @property {number} agb
 * @property {number} penalty
 * @property {Distribution} distribution
 */

/**
 * `D10Roller._cmd_surprise_check` (success: not surprised) and `_cmd_roll_ap` (success: any AP).
 * @typedef {object} D10Result
 * @property {string} text
 * @property {boolean} success
 */

// -- DefensePanel (widgets/defense_panel.py), shown by js/defense_panel.js -----------------------

/**
 * @typedef {"block" | "dodge"} DefenceKind
 */

/**
 * @typedef {EncounterTraits & {
 *   names: string[],
 *   current: string | null,
 *   selection: DefenceSelection | Unset<DefenceSelection>,
 *   preview: Record<DefenceKind, DefenceOdds | Refused> | Unset<Record<DefenceKind, DefenceOdds | Refused>>,
 *   result: DefenceResult | Unset<DefenceResult>,
 * }} DefensePanelTraits
 */

/**
 * `_selection`.
 * @typedef {object} DefenceSelection
 * @property {string} attacker
 * @property {string} defender
 * @property {number} rank
 */

/**
 * `DefensePanel._preview_one`: a defense that can be taken, with its arithmetic and odds.
 * @typedef {OddsPayload & {
 *   refused?: undefined,
 *   attribute_name: string,
 *   attribute: number,
 *   bonus: number,
 *   rank: number,
 *   continued: number,
 *   consequence: string,
 *   forced: boolean,
 * }} DefenceOdds
 */

/**
 * `DefensePanel._preview_one`: a defense the rules refuse, and why.
 * @typedef {{ refused: string }} Refused
 */

/**
 * `DefensePanel._defend`.
 * @typedef {object} DefenceResult
 * @property {DefenceKind} kind
 * @property {string} text
 * @property {boolean} success
 * @property {boolean} extreme
 * @property {string | null} revision A change to the order of play, explained.
 */

// -- EncounterLog (widgets/encounter_log.py), shown by js/encounter_log.js -----------------------

/**
 * @typedef {EncounterTraits & {
 *   first: number,
 *   entries: LogEntry[],
 * }} EncounterLogTraits
 */

/**
 * `EncounterLog._entries`: one explained event.
 * @typedef {object} LogEntry
 * @property {number} round 0 before the fight starts.
 * @property {string} kind
 * @property {string} text
 */

// -- TurnOrderStrip (widgets/turn_order_strip.py), shown by js/turn_order_strip.js ---------------

/**
 * @typedef {EncounterTraits & {
 *   controls: Controls,
 *   round: number,
 *   current: string | null,
 *   order: string[],
 *   states: Record<string, ChipState>,
 *   environment: string[],
 *   revisions: string[],
 *   can_undo: boolean,
 *   can_redo: boolean,
 * }} TurnOrderStripTraits
 */

/**
 * `TurnOrderStrip._record`: what a chip shows, the combatant's turn state (each system's own
 * `TurnState` fields). The defense keys are there under Bulletproof Blues only, the initiative
 * keys under the initiative systems only.
 * @typedef {object} ChipState
 * @property {boolean} group
 * @property {boolean} aware
 * @property {number} acted The round the combatant last acted in (0: not this fight's round).
 * @property {boolean} delaying
 * @property {boolean} out Out of the fight.
 * @property {Array<[number, string | null]>} lost Turns given up to forced actions: `[round, why]`.
 * @property {boolean} [forced_this_round]
 * @property {string | null} [defending] "block" or "dodge" while a defense continues.
 * @property {number} [defended] Attacks defended so far in that defense.
 * @property {number | null} [initiative] Step (blackout) or total (d10-ap).
 * @property {number | null} [delayed_to]
 * @property {number | null} [ap] Action points left.
 * @property {number | null} [ap_max]
 */

export {};
