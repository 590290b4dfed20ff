import { expect, test } from '../testing/fixtures.js';
import type { ConformanceJson } from '../reporters/model/read-report.js';
import { productionRunEnv } from './production-run.js';

const sandbox = (generated?: object) =>
  ({
    target: 'sandbox',
    started: 's',
    finished: 'f',
    verdict: 'CONFORMANT',
    rules: [],
    ...(generated ? { generated } : {}),
  }) as ConformanceJson;

test("production answers the sandbox run's generated inputs, in the production profile, with its reports apart", () => {
  const { env, note } = productionRunEnv(
    sandbox({ seed: 1132446973, runsPerProperty: 5 }),
    { PG_TARGET: 'production', PG_BASELINE: 'b.json', PG_RULES: 'TOK-8', PG_API_KEY: 'k' },
    'reports/production',
  );
  expect(env).toEqual({
    PG_TARGET: 'production',
    PG_API_KEY: 'k',
    PG_REPORTS_DIR: 'reports/production',
    PG_SEED: '1132446973',
    PG_GENERATED_RUNS: '5',
  });
  expect(note).toBe("Generated inputs: production answered the sandbox run's inputs (PG_SEED=1132446973).");
});

test('a seed set by the user wins, and a sandbox report without one is said to be', () => {
  expect(productionRunEnv(sandbox({ seed: 7 }), { PG_SEED: '42' }, 'p').env.PG_SEED).toBe('42');
  expect(productionRunEnv(sandbox({ seed: 7 }), { PG_SEED: '42' }, 'p').note).toContain(
    'PG_SEED=42 as set, the sandbox run with 7',
  );
  const none = productionRunEnv(sandbox(), {}, 'p');
  expect(none.env.PG_SEED).toBeUndefined();
  expect(none.note).toContain('the sandbox report records no seed');
});
