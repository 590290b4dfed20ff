import { spawnSync } from 'node:child_process';
import { expect, test } from '../testing/fixtures.js';

test('a misspelt variable is warned about even when another variable stops the run', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/conformance.ts'], {
    env: { PATH: process.env.PATH, PG_ALLOW_WRITE: '1', PG_WORKERS: 'abc' },
    encoding: 'utf8',
  });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('PG_ALLOW_WRITE is not a variable this suite reads; did you mean PG_ALLOW_WRITES?');
  expect(run.stderr).toContain('PG_WORKERS must be a whole number');
});

test('a baseline that cannot be read is said at once, before the run it does not stop', () => {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/conformance.ts', '--baseline', 'no-such-dir/conformance.json'],
    {
      env: { PATH: process.env.PATH, PG_WORKERS: 'abc' }, // a configuration error ends the run right after the warning
      encoding: 'utf8',
    },
  );
  expect(run.stderr).toMatch(
    /Warning: the baseline \S*no-such-dir\/conformance\.json cannot be read \(ENOENT\); the run goes on/,
  );
});
