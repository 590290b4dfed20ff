import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Exchange } from '../transport/exchange.js';

/**
 * A rule judged over what a test gathered (several exchanges, the target's stored views, a receiver's
 * deliveries): the test hands them to the rule's judge and records the judgement; it never writes a verdict
 * of its own. Each judge is listed under its rule in the registry, which is how docs/rules.md names it and
 * how the fixtures refuse a judgement that did not come from there.
 */

/** What a judge found: its rule, the problems (none: the rule holds), what the rule expected, and what it judged. */
export type Judgement = {
  readonly ruleId: string;
  readonly problems: readonly string[];
  readonly expected: string;
  /** How many things it judged, `what` a plural noun phrase; absent where it judged nothing countable. */
  readonly judged?: { readonly count: number; readonly what: string };
  /** The exchanges that show the problems, where the judge picks them among many it judged. */
  readonly evidence?: readonly Exchange[];
};

/** Where a judge is defined: its rule, its function's name, its file from the repository's root. */
export type JudgingPlace = { readonly ruleId: string; readonly name: string; readonly file: string };

export type Judge<A extends unknown[] = never[]> = ((...args: A) => Judgement) & { readonly place: JudgingPlace };

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const madeBy = new WeakMap<Judgement, JudgingPlace>();

/**
 * A judge of `ruleId`, defined in the module at `moduleUrl` (its `import.meta.url`) by `body`, whose own name
 * is the judge's: `judge('HOOK-3', import.meta.url, function webhookStates(…) {…})`.
 */
export function judge<A extends unknown[]>(
  ruleId: string,
  moduleUrl: string,
  body: (...args: A) => Omit<Judgement, 'ruleId'>,
): Judge<A> {
  if (!body.name) throw new Error(`a judge of ${ruleId} needs a named function`);
  const place: JudgingPlace = { ruleId, name: body.name, file: relative(ROOT, fileURLToPath(moduleUrl)) };
  const judged = (...args: A): Judgement => {
    const judgement = { ruleId, ...body(...args) };
    madeBy.set(judgement, place);
    return judgement;
  };
  return Object.assign(judged, { place });
}

/**
 * `judge` bound to the module at `moduleUrl`, so a family file names its URL once:
 * `const judge = judgeIn(import.meta.url)`, then `judge('HOOK-3', function webhookStates(…) {…})`.
 */
export function judgeIn(
  moduleUrl: string,
): <A extends unknown[]>(ruleId: string, body: (...args: A) => Omit<Judgement, 'ruleId'>) => Judge<A> {
  return (ruleId, body) => judge(ruleId, moduleUrl, body);
}

/** One side of a judgement over several answers: the problems of `answer`, and what was expected of it. */
export type Side = { problems: readonly string[]; expected: string; answer: Exchange };

/**
 * A judgement over `sides` judged in order, the first with problems its finding (its expected, its answer as
 * evidence); `judged` counts them all.
 */
export function firstFailing(judged: Judgement['judged'], ...sides: [Side, ...Side[]]): Omit<Judgement, 'ruleId'> {
  const side = sides.find((s) => s.problems.length) ?? sides.at(-1)!;
  return { problems: side.problems, expected: side.expected, judged, evidence: [side.answer] };
}

/** Where a judgement was made, or undefined when no judge made it. */
export const placeOf = (judgement: Judgement): JudgingPlace | undefined => madeBy.get(judgement);
