import { expect, test } from '../testing/fixtures.js';
import { VARIANTS } from '../mock/behaviours/variants.js';
import { plan } from './plan.js';
import { runFile } from './run-files.js';

test('a variation run only by name is left out of the whole plan and run, in both modes, when named', () => {
  const byName = (VARIANTS as readonly { name: string; onlyByName?: string }[])
    .filter((v) => v.onlyByName)
    .map((v) => v.name);
  expect(byName).toContain('big-busy-sandbox');
  expect(plan().filter((r) => byName.includes(r.name))).toEqual([]);
  expect(plan((e) => e.name === 'big-busy-sandbox').map((r) => r.id)).toEqual([
    'variant:big-busy-sandbox:mock',
    'variant:big-busy-sandbox:black-box',
  ]);
});

test('a fault only the whole run shows is planned as the whole suite from the start; the others as their own rule', () => {
  const runs = plan();
  const whole = runs.filter((r) => r.wholeSuite).map((r) => r.name);
  expect(new Set(whole)).toEqual(
    new Set(['platform-errors-in-pg-scheme', 'pg-errors-in-platform-scheme', 'card-id-reissued-every-50th']),
  );
  const reissued = runs.find((r) => r.id === 'fault:card-id-reissued-every-50th:mock')!;
  const masked = runs.find((r) => r.id === 'fault:mask-asterisks:mock')!;
  expect(runFile(reissued, false).group).toBe('whole');
  expect(runFile(masked, false).group).toBe('fault');
  expect(runFile(masked, true).group).toBe('whole');
});
