/**
 * Limits on what a spec may ask for, so hostile or mistaken input gets a clear error instead of
 * a hang or a crash of the JavaScript engine. Each is far above what a real board game needs
 * (docs/dsl-reference.md, "Limits", gives the figures the shipped games reach).
 */

/** instructions the machine runs between two decisions (a decision resets the count) */
export const MAX_INSTRUCTIONS_PER_STEP = 2_000_000;
/**
 * work expressions may do between two decisions, in the same steps as the instructions: one per
 * item a built-in goes through (a lambda's call, an item compared or copied) and one per spec
 * function's body entered (src/expr/budget.ts)
 */
export const MAX_EXPRESSION_WORK = 2_000_000;
/** items in one list an expression builds (range, concat) */
export const MAX_LIST_LENGTH = 100_000;
/** cards in one game (all kinds, all zones, all seats) */
export const MAX_CARDS = 100_000;
/** games in one run of `rules simulate` (and so in the shards `rules merge` reads) */
export const MAX_SIMULATED_GAMES = 10_000_000;
/** the largest player count a game may declare */
export const MAX_PLAYERS = 100;
/** player counts × option combinations the validator plays random games under */
export const MAX_SMOKE_SETTINGS = 4_096;
/** how deeply expressions may nest (brackets, operators, calls) */
export const MAX_EXPRESSION_DEPTH = 100;
/** characters in one expression */
export const MAX_EXPRESSION_LENGTH = 10_000;
/** bytes in one rules file */
export const MAX_FILE_BYTES = 2_000_000;
/** bytes in one replay log (a saved game: about 60 bytes an action) */
export const MAX_REPLAY_BYTES = 100_000_000;
/** how deeply YAML collections may nest */
export const MAX_YAML_DEPTH = 100;
/** aliases (*name) resolved in one YAML file */
export const MAX_YAML_ALIASES = 1_000;

/** the largest game seed (a uint32) */
export const MAX_SEED = 0xffffffff;
