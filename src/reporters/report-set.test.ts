import { expect, test } from '../testing/fixtures.js';
import { reportersFor } from './report-set.js';

const conformanceOptions = (env: NodeJS.ProcessEnv) =>
  reportersFor(env).find(([name]) => name.endsWith('conformance-reporter.ts'))?.[1];

test('PG_HISTORY reaches the conformance reporter as its history option, read where the reporters are configured', () => {
  expect(conformanceOptions({ PG_HISTORY: 'baseline/history.json' })).toMatchObject({
    outputDir: 'reports',
    history: 'baseline/history.json',
  });
  expect(conformanceOptions({})).not.toHaveProperty('history');
});

test("verify:suite's quiet runs keep no history: they are not nights", () => {
  const quiet = conformanceOptions({ PG_REPORT_SET: 'conformance', PG_HISTORY: 'baseline/history.json' });
  expect(quiet).toMatchObject({ outputDir: 'reports', quiet: true });
  expect(quiet).not.toHaveProperty('history');
});
