import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../../testing/fixtures.js';
import { loadRules } from '../../../catalogue/rules.js';
import { KEY, writeRun } from '../../../testing/made-up/conformance-run.js';

test('conformance.html is one page that needs nothing else: no script, no stylesheet or image to fetch', async ({}, testInfo) => {
  const dir = testInfo.outputPath('run');
  writeRun(dir);
  const html = readFileSync(join(dir, 'conformance.html'), 'utf8');
  expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
  expect(html).not.toContain('<em>'); // titles are escaped, not markup
});

test('conformance.md names the failed rules under the verdict, with Expected, Found and the reproduce line', ({}, testInfo) => {
  const dir = testInfo.outputPath('run');
  writeRun(dir);
  const md = readFileSync(join(dir, 'conformance.md'), 'utf8');
  expect(md).toContain(
    [
      '## Failed rules',
      '',
      `### AUTH-1: ${loadRules()[0]!.rule}`,
      '',
      '- AUTH-1: its check <em>with markup</em>',
      '  - Expected: a rejection of the request without the section 5 token',
      '  - Found: the answer carries the success indicator (HTTP 200)',
      `  - Reproduce with: \`\` curl -sS -X POST -H 'authorization: Bearer not-the-token' -H 'accept: ` +
        `application/json' -H 'content-type:' --data-raw ` +
        `'{"merchant_id":"m-1","card_number":"4111111111111111","cvv2":"123"}' ` +
        `'http://127.0.0.1:4010/pg/tokenize' \`\``,
    ].join('\n'),
  );
  expect(md.indexOf('## Failed rules')).toBeLessThan(md.indexOf('## Rules'));
  expect(md).not.toContain(KEY);
});

test('without a history the page draws no grid and no history.json is written', ({}, testInfo) => {
  const dir = testInfo.outputPath('run');
  writeRun(dir);
  expect(existsSync(join(dir, 'history.json'))).toBe(false);
  expect(readFileSync(join(dir, 'conformance.html'), 'utf8')).not.toContain('night-grid');
});
