/**
 * The shape of a conformance scenario file (schema/scenario.schema.json), as the runner reads it.
 * Seats are 0-based everywhere, as in the engine.
 */
import type { Given, Json } from '../interpreter/api.ts';

export interface ScenarioText {
  en: string;
  zh: string;
}

export interface ScenarioCitation {
  ref: string;
  quote: string;
}

/** An answer: a card kind id for card choices, a seat number for seat choices, else the option value. */
export type StepValue = string | number | boolean;

export interface ChoiceStep {
  seat: number;
  choice: string;
  value: StepValue;
  /** false: the answer must be refused now (nothing is played) */
  legal?: boolean;
}

export interface AnswersStep {
  /** seat number (as a string key) or "*" → answer */
  answers: Record<string, StepValue>;
  choice: string;
}

export interface GivenStep {
  given: Given;
}

export interface ExpectStep {
  expect: string[];
}

export interface PlayStep {
  play: 'random';
  seed?: number;
  /** a condition checked before each decision, or a rule: stop where the flow enters it */
  until?: string | { enter: string };
  prefer?: Record<string, StepValue | StepValue[]>;
  maxSteps?: number;
}

export type Step = ChoiceStep | AnswersStep | GivenStep | ExpectStep | PlayStep;

export interface ExpectResult {
  end?: string;
  result?: string;
  winners?: number[];
  scores?: number[];
}

export interface Scenario {
  id: string;
  text: ScenarioText;
  source: ScenarioCitation[];
  /** why: {en, zh}; a plain (English) string is still accepted by the schema */
  assumption?: { why: string | ScenarioText };
  game: string;
  players: number;
  seed?: number;
  options?: Record<string, Json>;
  given?: Given;
  do?: Step[];
  expect?: string[];
  expectResult?: ExpectResult;
}

export function isChoiceStep(s: Step): s is ChoiceStep {
  return 'seat' in s;
}
export function isAnswersStep(s: Step): s is AnswersStep {
  return 'answers' in s;
}
export function isGivenStep(s: Step): s is GivenStep {
  return 'given' in s;
}
export function isExpectStep(s: Step): s is ExpectStep {
  return 'expect' in s;
}
export function isPlayStep(s: Step): s is PlayStep {
  return 'play' in s;
}
