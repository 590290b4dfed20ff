import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../testing/fixtures.js';
import type { Exchange } from '../transport/exchange.js';
import { firstFailing, judge, placeOf, type Judge } from './judge.js';
import { CHECKS, buildRegistry, reachedFromRegistry } from './registry.js';

const CHECKS_DIR = fileURLToPath(new URL('./', import.meta.url));

/** Every judge a module under src/checks exports, wherever it is defined. */
async function exportedJudges(): Promise<Judge[]> {
  const files = readdirSync(CHECKS_DIR, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  const judges = new Set<Judge>();
  for (const file of files) {
    const module = (await import(`${CHECKS_DIR}${file}`)) as Record<string, unknown>;
    for (const value of Object.values(module))
      if (typeof value === 'function' && 'place' in value) judges.add(value as Judge);
  }
  return [...judges];
}

test('every judge src/checks defines is listed under its rule in the registry, so docs/rules.md names it', async () => {
  const judges = await exportedJudges();
  expect(judges.length).toBeGreaterThan(10);
  const unlisted = judges.filter((j) => !CHECKS.get(j.place.ruleId)?.judges?.includes(j)).map((j) => j.place);
  expect(unlisted).toEqual([]);
});

test("a judgement is reached from the registry only when a judge of its rule's entry made it", () => {
  const heldUp = judge('HOOK-3', import.meta.url, function heldUp(status: string) {
    return { problems: status === 'inactive' ? [] : [`it is ${status}`], expected: 'inactive' };
  });
  const made = heldUp('active');
  expect(made).toEqual({ ruleId: 'HOOK-3', problems: ['it is active'], expected: 'inactive' });
  expect(placeOf(made)).toEqual({ ruleId: 'HOOK-3', name: 'heldUp', file: 'src/checks/judge.test.ts' });
  expect(reachedFromRegistry(made)).toBe(false);
  // The same words written by hand are no judgement at all.
  expect(reachedFromRegistry({ ...made })).toBe(false);
  const catalogue = new Set(['HOOK-3']);
  expect(reachedFromRegistry(made, buildRegistry([{ 'HOOK-3': { judges: [heldUp] } }], catalogue))).toBe(true);
});

test("a registry entry listing another rule's judge, or a judge with no name, is refused at load", () => {
  const other = judge('HOOK-4', import.meta.url, function other() {
    return { problems: [], expected: 'nothing' };
  });
  expect(() => buildRegistry([{ 'HOOK-3': { judges: [other] } }], new Set(['HOOK-3', 'HOOK-4']))).toThrow(
    'HOOK-3 lists other, a judge of HOOK-4',
  );
  expect(() => judge('HOOK-3', import.meta.url, () => ({ problems: [], expected: '' }))).toThrow('a named function');
});

test('a judgement over several sides takes the first side with problems as its finding, and counts every side', () => {
  // Only the answers' identity matters here: firstFailing reads nothing of them.
  const [valid, revoked] = [{}, {}] as [Exchange, Exchange];
  const judged = { count: 2, what: 'listings' };
  const sides = (validProblems: string[], revokedProblems: string[]) =>
    firstFailing(
      judged,
      { problems: validProblems, expected: 'served', answer: valid },
      { problems: revokedProblems, expected: 'refused', answer: revoked },
    );
  expect(sides(['not served'], ['served'])).toEqual({
    problems: ['not served'],
    expected: 'served',
    judged,
    evidence: [valid],
  });
  expect(sides([], ['served'])).toEqual({ problems: ['served'], expected: 'refused', judged, evidence: [revoked] });
  expect(sides([], [])).toEqual({ problems: [], expected: 'refused', judged, evidence: [revoked] });
});
