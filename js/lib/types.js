// @ts-check
// The synced state of every widget, as JSDoc types: nothing here runs and no bundle imports it.
// A widget is a host (bpb_widgets/widgets/_host.py) with one trait, `panels`: each part's state by
// its key. Each typedef below mirrors a part in bpb_widgets/widgets/panels/ (the dicts its
// refresh, _card, _preview, odds_payload... build). Python is the authority: when a field
// changes there, change it here too.

// -- shared ---------------------------------------------------------------------------------------

/**
 * What every model's traits extend (anywidget's own constraint is `Record<string, any>`).
 * @typedef {Record<string, unknown>} Traits
 */

/**
 * A dict field before the kernel first fills it: `{}`, so every key reads as undefined.
 * @template T
 * @typedef {{ [K in keyof T]?: undefined }} Unset
 */

/**
 * What a panel reads and commands: one part's state as if it were a model of its own
 * (js/lib/panel.js), or a fake in the tests.
 * @template {Traits} T
 * @typedef {object} ModelLike
 * @property {<K extends keyof T & string>(key: K) => T[K]} get
 * @property {(event: string, callback: () => void) => void} on
 * @property {(event: string, callback?: () => void) => void} off
 * @property {(content: Record<string, unknown>) => void} send
 */

/**
 * The fields every part has (`Part.state`).
 * @typedef {object} PartState
 * @property {string} error The last refused command's message, "" when the last one was accepted.
 */

/**
 * The host's synced traits.
 * @typedef {object} HostTraits
 * @property {Record<string, Record<string, unknown>>} panels Each part's state, by its key.
 * @property {string[]} layout_panels The parts shown, in order.
 * @property {Record<string, string>} [renderers] The modules drawing panels defined outside the package, by key.
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
 * @property {number} needs What the 2d6 must show to succeed (2 or less: any roll; over 12: none).
 * @property {number} ways How many of the 36 rolls of 2d6 succeed.
 * @property {number} extreme_needs What the 2d6 must show for an extreme success.
 * @property {number} extreme_ways How many of the 36 rolls are an extreme success.
 * @property {"average" | "max" | null} take Taking the average or the max: no roll.
 * @property {boolean} too_difficult More than 12 above attribute plus bonuses: even a 12 fails.
 * @property {Distribution} distribution The chance of each total.
 */

/**
 * One `[key, value, text]` row of the choices: a circumstance (`[key, bonus, wording]`).
 * @typedef {[string, number, string]} ChoiceRow
 */

/**
 * Where a result was made (`Part.record`): it is dropped once the turn moves on or is undone.
 * @typedef {object} Moment
 * @property {number} turn
 * @property {number} at The log's length before the result's own entries.
 */

/**
 * A combatant's condition (widgets/panels/strip.py `conditions`).
 * @typedef {object} ConditionState
 * @property {string} name
 * @property {string} until When it ends, in words ("until the end of Ganyeka's next turn").
 * @property {string} rule
 * @property {string} note
 * @property {string} by Who put it there ("" for the GM or the rules).
 */

/**
 * A block's or dodge's arithmetic, odds and cost (widgets/_odds.py `defense_payload`).
 * @typedef {OddsPayload & {
 *   refused?: undefined,
 *   attribute_name: string,
 *   attribute: number,
 *   bonus: number,
 *   rank: number,
 *   continued: number,
 *   consequence: string,
 *   forced: boolean,
 * }} DefenseOdds
 */

/**
 * A block's or dodge's card among a hit's answers: its chance, not a chart (no distribution).
 * @typedef {Omit<DefenseOdds, "distribution">} AnswerOdds
 */

/**
 * An answer or defense the rules refuse, and why.
 * @typedef {{ refused: string }} Refused
 */

// -- the patch protocol (widgets/_host.py `Part.put`, `put_items`, `splice`; js/lib/sync.js) ---

/**
 * One field edit: a new value, keys of a dict set (a null value removes the key), or a list
 * replaced from `start` on by `items`.
 * @typedef {{ field: string } & ({ value: unknown } | { set: Record<string, unknown> } | { splice: [number, unknown[]] })} FieldEdit
 */

/**
 * The custom message in which the kernel sends the edits of each part's fields.
 * @typedef {object} PatchMessage
 * @property {"patch"} type
 * @property {Record<string, FieldEdit[]>} panels
 */

// -- strip (widgets/panels/strip.py) --------------------------------------------------------------

/**
 * @typedef {PartState & {
 *   controls: Controls,
 *   round: number,
 *   current: string | null,
 *   order: string[],
 *   states: Record<string, ChipState>,
 *   environment: string[],
 *   changes: string[],
 *   can_undo: boolean,
 *   can_redo: boolean,
 *   order_from: number,
 * }} StripState
 */

/**
 * `StripPart._record`: what a chip shows, the combatant's turn state (each system's own
 * `TurnState` fields). The defense keys are there under Bulletproof Blues only, the initiative
 * keys under the initiative systems only.
 * @typedef {object} ChipState
 * @property {boolean} group
 * @property {string} side
 * @property {boolean} aware
 * @property {number} acted The round the combatant last acted in (0: not this fight's round).
 * @property {boolean} delaying
 * @property {boolean} out Out of the fight.
 * @property {boolean} defeated
 * @property {boolean} hidden Hidden from the players.
 * @property {string | null} skipped Why they get no turn this round, in words.
 * @property {ConditionState[]} conditions
 * @property {Array<[number, string | null]>} lost Turns given up to forced actions: `[round, why]`.
 * @property {boolean} [forced_this_round]
 * @property {string | null} [defending] "block" or "dodge" while a defense continues.
 * @property {number} [defended] Attacks defended so far in that defense.
 * @property {number | null} [initiative] Step (blackout) or total (d10-ap).
 * @property {number | null} [delayed_to]
 * @property {number | null} [ap] Action points left.
 * @property {number | null} [ap_max]
 */

// -- roster (widgets/panels/roster.py) ------------------------------------------------------------

/**
 * @typedef {PartState & {
 *   fields: SheetFieldState[],
 *   form_error: { form?: string, field?: string, message?: string },
 *   editing: { name: string, sheet: Record<string, unknown> } | Unset<{ name: string, sheet: Record<string, unknown> }>,
 *   names: string[],
 *   sides: string[],
 *   current: string | null,
 *   cards: Record<string, CardState>,
 *   card_error: CardError | Unset<CardError>,
 *   by_hand: Array<{ label: string, command: string, takes: string }>,
 *   plot_gains: Array<[string, string]>,
 *   plot_spends: Array<[string, string]>,
 * }} RosterState
 */

/**
 * Who rolls next and their plot points (`plot_offer`), when they can buy an automatic success.
 * @typedef {object} PlotOffer
 * @property {string} roller
 * @property {number} points
 * @property {boolean} waiting One bought already waits for their next roll.
 */

/**
 * A refusal of one of a card's forms: whose card, which form, why.
 * @typedef {object} CardError
 * @property {string} name
 * @property {string} form
 * @property {string} message
 */

/**
 * A player's plot points on their card (`RosterPart._plot`).
 * @typedef {object} PlotState
 * @property {number} points
 * @property {boolean} automatic An automatic success waits for their next roll.
 * @property {string[]} boosts Power boosts in force, in words.
 * @property {string[]} raise What a power boost can raise.
 */

/**
 * One field of the system's sheet (engine `SheetField`).
 * @typedef {object} SheetFieldState
 * @property {string} name
 * @property {string} label
 * @property {"rank" | "flag" | "text" | "words" | "choice" | "choices" | "attacks"} kind
 * @property {unknown} default
 * @property {number | null} low
 * @property {number | null} high
 * @property {string[]} choices
 */

/**
 * What a combatant's health shows (engine `Vitals`).
 * @typedef {object} VitalsState
 * @property {string} label "Endurance", "HP", "AP".
 * @property {number} value
 * @property {number} maximum
 * @property {number} apart Damage shown apart (stunning).
 * @property {string} apart_label
 * @property {Array<[string, number]>} extra
 */

/**
 * `RosterPart._card`.
 * @typedef {object} CardState
 * @property {string} side
 * @property {boolean} group
 * @property {boolean} aware
 * @property {boolean} out
 * @property {boolean} defeated
 * @property {boolean} hidden
 * @property {string | null} skipped
 * @property {VitalsState | null} vitals
 * @property {ConditionState[]} conditions
 * @property {string} summary The sheet in one line.
 * @property {PlotState | null} plot
 * @property {[number, number] | null} members A group's members up, and in all.
 */

// -- attack (widgets/panels/attack.py) ------------------------------------------------------------

/**
 * @typedef {PartState & {
 *   kinds: string[],
 *   ranks: RankBounds,
 *   circumstances: { attack: ChoiceRow[], defense: ChoiceRow[] },
 *   names: string[],
 *   sides: Record<string, string>,
 *   powers: Record<string, PowerState[]>,
 *   current: string | null,
 *   selection: AttackSelection | Unset<AttackSelection>,
 *   preview: AttackPreview | Refused | Unset<AttackPreview>,
 *   pending: HitState[],
 *   answers: AnswersState | Unset<AnswersState>,
 *   result: (Moment & { lines: string[] }) | Unset<Moment & { lines: string[] }>,
 *   follow_ups: Array<[string, string]>,
 *   grapple_actions: Array<[string, string]>,
 *   grapple: { holding: string | null, held_by: string | null } | Unset<{ holding: string | null, held_by: string | null }>,
 *   plot: PlotOffer | Unset<PlotOffer>,
 *   form_error: { form?: string, field?: string, message?: string },
 * }} AttackState
 */

/**
 * The bounds of a rank the GM types in (rules/ranks.py), and the rank it starts at.
 * @typedef {object} RankBounds
 * @property {number} low
 * @property {number} high
 * @property {number} typed
 */

/**
 * An attack on a sheet (`Power.to_dict`).
 * @typedef {object} PowerState
 * @property {string} name
 * @property {number} rank
 * @property {string} kind
 * @property {boolean} [hand_to_hand]
 * @property {number} [dr]
 * @property {number} [radius]
 */

/**
 * The attack being set up.
 * @typedef {object} AttackSelection
 * @property {number} turn
 * @property {string} attacker
 * @property {string | null} target
 * @property {string | null} power
 * @property {number | null} rank
 * @property {string | null} kind
 * @property {boolean | null} hand_to_hand
 * @property {number | null} distance
 * @property {string[]} attack_bonus
 * @property {string[]} defense_bonus
 * @property {string[]} targets
 * @property {string[]} outer
 */

/**
 * `AttackPart._preview`: the odds of the attack set up (or, for an explosion, its difficulty).
 * @typedef {Partial<OddsPayload> & {
 *   refused?: undefined,
 *   exploding?: boolean,
 *   roll?: string,
 *   against?: string,
 *   automatic?: string[],
 *   effects?: string[],
 *   weapon?: { name: string, rank: number, kind: string, dr: number, stunning: boolean },
 * }} AttackPreview
 */

/**
 * A hit waiting for its target's answer.
 * @typedef {object} HitState
 * @property {string} attacker
 * @property {string} target
 * @property {string} power
 * @property {number} rank
 * @property {string} kind
 * @property {number} dr
 * @property {boolean} extreme
 * @property {string | null} effect
 */

/**
 * What the target of the first hit waiting can do, each with its odds and cost.
 * @typedef {object} AnswersState
 * @property {string} target
 * @property {string} attacker
 * @property {string[]} [choose_effect] The extreme success's effects, while none is chosen.
 * @property {AnswerOdds | Refused} block
 * @property {AnswerOdds | Refused} dodge
 * @property {{ consequence: string, refused?: undefined } | Refused} cover
 * @property {TakeState} take
 * @property {Array<{ name: string, cost: string }>} [interpose] Who may take the hit in the target's place, and the cost.
 * @property {string | null} power The power a non-Endurance attack is blocked or dodged with.
 */

/**
 * What taking the hit does.
 * @typedef {object} TakeState
 * @property {string} [effect] A non-Endurance attack: the GM says.
 * @property {number} [damage]
 * @property {boolean} [stunning]
 * @property {boolean} [penetrating] Only half the protection counts.
 * @property {number} [protection]
 * @property {number} [dr]
 * @property {number} [before] Endurance before.
 * @property {number} [after] Endurance after.
 * @property {boolean} [out] Out of the fight after.
 */

// -- combat (blackout; widgets/panels/combat.py) ----------------------------------------------

/**
 * @typedef {PartState & {
 *   kinds: string[],
 *   terrain: string[],
 *   names: string[],
 *   sides: Record<string, string>,
 *   current: string | null,
 *   ap: number | null,
 *   one_two: string | null,
 *   vitality_due: string | null,
 *   selection: CombatSelection | Unset<CombatSelection>,
 *   preview: TestOdds | Refused | Unset<TestOdds>,
 *   hit: { attacker: string, target: string, critical: boolean } | null,
 *   damage: { pool: number, non_lethal: boolean, ranged: boolean },
 *   damage_preview: DamageOdds | Refused | Unset<DamageOdds>,
 *   result: (Moment & { lines: string[] }) | Unset<Moment & { lines: string[] }>,
 *   form_error: { form?: string, field?: string, message?: string },
 * }} CombatState
 */

/**
 * @typedef {object} CombatSelection
 * @property {number} turn
 * @property {string} attacker
 * @property {string | null} target
 * @property {number} pool
 * @property {number} ap
 * @property {boolean} take_time
 * @property {boolean} friend
 */

/**
 * An attack test's odds.
 * @typedef {object} TestOdds
 * @property {undefined} [refused]
 * @property {number} pool
 * @property {number} difficulty
 * @property {Exact} success
 * @property {Exact} critical
 * @property {Distribution} distribution Successes.
 */

/**
 * A damage test's odds: the hit points it leaves.
 * @typedef {object} DamageOdds
 * @property {undefined} [refused]
 * @property {string} target
 * @property {number} armor
 * @property {number} dr
 * @property {number} hp
 * @property {Exact} out
 * @property {Distribution} distribution Hit points left.
 */

// -- files (widgets/panels/files.py) --------------------------------------------------------------

/**
 * A rule option as New fight asks for it, at its rule set's default.
 * @typedef {object} RuleOption
 * @property {string} name
 * @property {"flag" | "number" | "text"} kind
 * @property {boolean | number | string} default
 */

/**
 * A rule set New fight offers.
 * @typedef {object} RuleSetOffer
 * @property {string} name
 * @property {string} source What it follows.
 * @property {RuleOption[]} options
 */

/**
 * @typedef {PartState & {
 *   folder: string,
 *   file: string,
 *   autosave: string,
 *   saved: boolean,
 *   status: string,
 *   files: Array<{ name: string, size: number, modified: number }>,
 *   rules: string,
 *   rule_sets: RuleSetOffer[],
 *   form_error: { form?: string, field?: string, message?: string },
 *   player_url: string,
 * }} FilesState
 */

// -- task, initiative, d10 (widgets/panels/task.py, initiative.py, d10.py) ------------------------

/**
 * @typedef {PartState & {
 *   choices: TaskChoices,
 *   sheets: Record<string, TaskSheet>,
 *   selection: TaskSelection | Unset<TaskSelection>,
 *   preview: TaskPreview | Unset<TaskPreview>,
 *   result: TaskResult | Unset<TaskResult>,
 *   plot: PlotOffer | Unset<PlotOffer>,
 * }} TaskState
 */

/**
 * What the task roller offers.
 * @typedef {object} TaskChoices
 * @property {string[]} attributes
 * @property {ChoiceRow[]} difficulties `[name, value, examples]`, easiest first.
 * @property {ChoiceRow[]} attack The attack bonuses, `[key, bonus, wording]`.
 * @property {ChoiceRow[]} defense The difficulty modifiers, `[key, bonus, wording]`.
 */

/**
 * @typedef {object} TaskSheet
 * @property {Record<string, number>} ranks Attribute -> rank.
 * @property {string[]} expertise
 */

/**
 * The roll being set up.
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
 * Both sides of the arithmetic and the odds.
 * @typedef {OddsPayload & {
 *   attribute: number,
 *   bonus: number,
 *   roll: string,
 *   against: string,
 * }} TaskPreview
 */

/**
 * The last roll.
 * @typedef {Moment & {
 *   lines: string[],
 *   dice: number[],
 *   total: number,
 *   difficulty: number,
 *   success: boolean,
 *   extreme: boolean,
 * }} TaskResult
 */

/**
 * @typedef {PartState & {
 *   choices: { dice: [number, number] },
 *   sheets: Record<string, { pc: boolean, step: number | null }>,
 *   selection: InitiativeSelection | Unset<InitiativeSelection>,
 *   preview: InitiativePreview,
 *   result: (Moment & { lines: string[] }) | Unset<Moment & { lines: string[] }>,
 * }} InitiativeState
 */

/**
 * @typedef {object} InitiativeSelection
 * @property {string | null} combatant
 * @property {number} count How many initiative dice.
 */

/**
 * The chance of each step with `count` dice.
 * @typedef {object} InitiativePreview
 * @property {number} count
 * @property {Distribution} distribution
 * @property {number | null} first_enemy The lowest enemy step, or null without enemies.
 * @property {Exact} before The chance of acting before every enemy.
 * @property {number} mean
 */

/**
 * @typedef {PartState & {
 *   current: string | null,
 *   sheets: Record<string, { agb: number, awarb: number, traits: string[] }>,
 *   selection: { combatant: string } | Unset<{ combatant: string }>,
 *   preview: D10Preview,
 *   result: D10Result | Unset<D10Result>,
 * }} D10State
 */

/**
 * A surprise check of the chosen combatant, and the AP dice of whoever's turn it is while they
 * have not rolled them.
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
 * A surprise check (success: not surprised) or AP roll (success: any AP).
 * @typedef {Moment & { lines: string[], success: boolean }} D10Result
 */

// -- defense (widgets/panels/defense.py) ----------------------------------------------------------

/**
 * @typedef {"block" | "dodge"} DefenseKind
 */

/**
 * @typedef {PartState & {
 *   ranks: RankBounds,
 *   names: string[],
 *   current: string | null,
 *   selection: DefenseSelection | Unset<DefenseSelection>,
 *   preview: Record<DefenseKind, DefenseOdds | Refused> | Unset<Record<DefenseKind, DefenseOdds | Refused>>,
 *   result: DefenseResult | Unset<DefenseResult>,
 * }} DefenseState
 */

/**
 * The attack defended against: the hit waiting (`hit`), or one the GM names.
 * @typedef {object} DefenseSelection
 * @property {string} attacker
 * @property {string} defender
 * @property {number} rank
 * @property {boolean} hit
 */

/**
 * @typedef {Moment & {
 *   kind: DefenseKind,
 *   lines: string[],
 *   success: boolean,
 *   extreme: boolean,
 *   revision: string | null,
 * }} DefenseResult
 */

// -- log (widgets/panels/log.py) ------------------------------------------------------------------

/**
 * @typedef {PartState & {
 *   commands: number,
 *   can_undo: boolean,
 *   redo: number,
 *   first: number,
 *   entries: LogEntry[],
 *   rule_texts: Record<string, RuleText>,
 * }} LogState
 */

/**
 * A rule a log line cites, in the project's own words (engine/rule_texts.py `RuleText`).
 * @typedef {object} RuleText
 * @property {string} name As the line cites it: a seed's section, or the engine's ruling.
 * @property {string} source Where it comes from: 'seed 004, "Opposed Tasks"'.
 * @property {string} text The rule, paragraphs apart by a blank line.
 * @property {boolean} ruling The engine decided it, where the seeds say nothing.
 */

/**
 * One explained event.
 * @typedef {object} LogEntry
 * @property {number} round 0 before the fight starts.
 * @property {string} kind
 * @property {string} text
 * @property {number} command How many commands came before the one that caused it.
 * @property {string[]} [rules] The names of the rules it cites (their texts: `rule_texts`).
 */

export {};

// -- check (widgets/panels/check.py) -----------------------------------------------------------

/**
 * @typedef {PartState & {
 *   kind: "choice" | "number" | "task",
 *   title: string,
 *   prompt: string,
 *   choices?: string[],
 *   unit?: string,
 *   tries: number,
 *   answered: number | null,
 *   verdict: { right: boolean, why: string, hint: string } | Unset<{ right: boolean, why: string, hint: string }>,
 *   solution: string,
 * }} CheckState
 */

// -- forecast (widgets/panels/forecast.py) ----------------------------------------------------

/**
 * @typedef {PartState & {
 *   status: "idle" | "running" | "done" | "cancelled",
 *   progress: { done: number, total: number },
 *   result: ForecastResult | Unset<ForecastResult>,
 *   settings: { n: number, seed: number | null, max_rounds: number },
 *   limits: { max_rounds: number },
 *   stale: boolean,
 * }} ForecastState
 */

/**
 * A finished forecast (`Forecast.to_dict()` in bpb_widgets/forecast/result.py).
 * @typedef {object} ForecastResult
 * @property {number} fights
 * @property {number} n
 * @property {number} seed
 * @property {boolean} complete
 * @property {string} rules
 * @property {string} where
 * @property {number} max_rounds
 * @property {string} tactics
 * @property {string} measure what "left" counts: "Endurance" or "HP"
 * @property {Array<{ side: string, win: number, interval: [number, number] }>} sides
 * @property {number} draw
 * @property {Array<[number, number]>} rounds
 * @property {Array<{ name: string, side: string, out: number, out_first: number, left: number, endurance: number }>} combatants
 * @property {string | null} first_out
 * @property {number} hit_rate
 * @property {[number, number]} hit_interval
 * @property {number} seconds
 * @property {number} workers
// -- the player view (bpb_widgets/player/projection.py) ------------------------------------------

/**
 * A combatant's health as the players see it: exact numbers (the players' side, or
 * `others_health="exact"`), or only how it reads ("unhurt", "hurt", "badly hurt", "out").
 * @typedef {{ reads: string } | (VitalsState & { reads?: string })} PlayerHealth
 */

/**
 * A condition as the players see it: `until` and `by` are "" when they would name someone hidden.
 * @typedef {object} PlayerCondition
 * @property {string} name
 * @property {string} until
 * @property {string} by
 */

/**
 * One visible combatant (`projection._combatant`).
 * @typedef {object} PlayerCombatant
 * @property {string} side
 * @property {boolean} players On the players' side: health in exact numbers.
 * @property {boolean} group
 * @property {boolean} aware
 * @property {boolean} acted Has taken their turn in the round shown.
 * @property {boolean} delaying
 * @property {boolean} out
 * @property {PlayerCondition[]} conditions
 * @property {PlayerHealth | null} health
 */

/**
 * What the players may see (`projection.project`): also the player part's state.
 * @typedef {object} PlayerViewState
 * @property {string} title The game system.
 * @property {boolean} started
 * @property {number} round The round shown (the last visible turn's, while a hidden one acts).
 * @property {string | null} current Whose turn the players see.
 * @property {string[]} order The visible combatants in the order of play.
 * @property {Record<string, PlayerCombatant>} combatants
 */

/**
 * A server-sent "patch" event of the player page (`projection.Patch`): fields with new values,
 * and combatants whose entry changed.
 * @typedef {object} PlayerPatch
 * @property {Partial<PlayerViewState>} set
 * @property {Record<string, PlayerCombatant>} merge
 */
