import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * A run of two test files on one worker whose reporter, once the first file's test ended, skips what has not
 * started with skipUnstarted: the second file must never reach a worker. If a Playwright release stops
 * reading the expected status before it sends a job, this fails and skip-unstarted.ts says what to weigh.
 */
test('a test skipped by skipUnstarted before its file is sent to a worker never runs', async () => {
  // Outside test-results/, where Playwright finds no tests; the project's packages through a link.
  const dir = mkdtempSync(join(tmpdir(), 'skip-unstarted-'));
  test.info().attach('project', { body: dir });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  try {
    await runTwoFiles(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

async function runTwoFiles(dir: string): Promise<void> {
  const ran = (name: string) => join(dir, `${name}.ran`);
  const helper = pathToFileURL(resolve('src/suite-power/skip-unstarted.ts')).href;
  writeFileSync(
    join(dir, 'a.spec.ts'),
    [
      "import { writeFileSync } from 'node:fs';",
      "import { test } from '@playwright/test';",
      `test('first', () => writeFileSync(${JSON.stringify(ran('first'))}, ''));`,
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'b.spec.ts'),
    [
      "import { writeFileSync } from 'node:fs';",
      "import { test } from '@playwright/test';",
      `test('second', () => writeFileSync(${JSON.stringify(ran('second'))}, ''));`,
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'skipping-reporter.ts'),
    [
      `import { skipUnstarted } from ${JSON.stringify(helper)};`,
      'export default class SkippingReporter {',
      '  tests = [];',
      '  onBegin(_config, suite) { this.tests = suite.allTests(); }',
      "  onTestEnd(test) { if (test.title === 'first') skipUnstarted(this.tests, 'caught'); }",
      '}',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'playwright.config.ts'),
    [
      "import { defineConfig } from '@playwright/test';",
      "export default defineConfig({ testDir: '.', workers: 1, fullyParallel: false, reporter: [['./skipping-reporter.ts']] });",
    ].join('\n'),
  );
  const cli = resolve('node_modules/@playwright/test/cli.js');
  const args = [cli, 'test', '--config', join(dir, 'playwright.config.ts')];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 120_000 });
  expect(run.status, `the inner run failed:\n${run.stdout}\n${run.stderr}`).toBe(0);
  expect(existsSync(ran('first')), 'the first file did not run: the harness is broken').toBe(true);
  expect(existsSync(ran('second')), 'Playwright ran a test its reporter had skipped: see skip-unstarted.ts').toBe(
    false,
  );
}
