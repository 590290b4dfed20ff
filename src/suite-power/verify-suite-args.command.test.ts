import { expect, test } from '../testing/fixtures.js';
import { runCommand } from '../testing/run-command.js';

// What verify:suite does with its arguments before it plans a run: the options it takes, said on --help,
// and an unknown one refused in one sentence with that usage, never a stack trace.

test('--help prints the usage and exits 0 without running anything', async () => {
  const run = await runCommand('scripts/verify-suite.ts', {}, ['--help']);
  expect(run.code, run.output).toBe(0);
  expect(run.output).toContain('usage: npm run verify:suite -- [--only <fault or variation>]...');
  expect(run.output).toContain('--merge');
  expect(run.output).not.toContain('faults caught by their own rule');
});

test('an unknown option is refused with exit 2, the option named and the usage, no stack trace', async () => {
  const run = await runCommand('scripts/verify-suite.ts', {}, ['--fault', 'mask-asterisks']);
  expect(run.code, run.output).toBe(2);
  expect(run.output.split('\n')[0]).toMatch(/^verify:suite: Unknown option '--fault'/);
  expect(run.output).toContain('usage: npm run verify:suite');
  expect(run.output).not.toMatch(/^\s+at /m);
});
