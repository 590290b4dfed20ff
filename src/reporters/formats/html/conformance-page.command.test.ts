import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from '@playwright/test';
import { NO_CHROMIUM, test } from '../../../testing/runners/browser.js';
import { loadRules } from '../../../catalogue/rules.js';
import { writeHistory, type Night } from '../../history/night-history.js';
import { KEY, writeRun } from '../../../testing/made-up/conformance-run.js';

test.describe.configure({ mode: 'default' });

test(
  'conformance.html opens in headless Chromium and shows the verdict, every rule coloured by outcome, ' +
    'test links and the drift',
  async ({ chromiumBrowser: browser }, testInfo) => {
    test.skip(!browser, NO_CHROMIUM);
    const first = testInfo.outputPath('first');
    writeRun(first);
    const dir = testInfo.outputPath('run');
    writeRun(dir, join(first, 'conformance.json'));

    try {
      // JavaScript off and every request recorded: the page must read fully without either.
      const context = await browser!.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      const url = pathToFileURL(join(dir, 'conformance.html')).href;
      await page.goto(url);
      expect(requests, 'the page fetched nothing but itself').toEqual([url]);

      const n = loadRules().length;
      await expect(page.locator('#verdict')).toHaveText(
        `NON-CONFORMANT: ${n} rules; ${n - 2} of ${n} applicable exercised, ${n - 3} passed, 1 failed; 1 skipped, 1 not exercised`,
      );
      const rows = page.locator('#rules tbody tr');
      await expect(rows).toHaveCount(loadRules().length);
      await expect(rows.locator('td.id')).toHaveText(loadRules().map((r) => r.id));

      // Red for failed, green for passed, grey for an outcome that judged nothing.
      const outcome = (status: string) => page.locator('td.outcome', { hasText: new RegExp(`^${status}$`) }).first();
      await expect(outcome('failed')).toHaveCSS('background-color', 'rgb(251, 220, 220)');
      await expect(outcome('passed')).toHaveCSS('background-color', 'rgb(220, 245, 227)');
      await expect(outcome('skipped')).toHaveCSS('background-color', 'rgb(236, 239, 243)');
      await expect(outcome('not exercised')).toHaveCSS('background-color', 'rgb(255, 243, 176)');
      await expect(rows.nth(2)).toContainText(
        'Not exercised: the vault holds no billing cards: add one in the manager portal',
      );
      await expect(rows.nth(3)).toContainText('2 answers');

      const firstLink = rows.first().locator('td.tests a');
      await expect(firstLink).toHaveAttribute('href', 'html/index.html#?testId=test-0');
      await expect(firstLink).toHaveText('AUTH-1: its check <em>with markup</em>');
      await expect(rows.first().locator('td.tests li')).toHaveText('failed AUTH-1: its check <em>with markup</em>');
      await expect(page.getByRole('heading', { name: 'Since the baseline' })).toBeVisible();
      await expect(page.getByText('Nothing changed: every compared rule has the same outcome')).toBeVisible();
    } finally {
      await Promise.all(browser!.contexts().map((c) => c.close()));
    }
  },
);

test(
  "a failing run's page leads with the failed rules, Expected and Found on the first screen, then what " +
    'to do, the seed, the table',
  async ({ chromiumBrowser: browser }, testInfo) => {
    test.skip(!browser, NO_CHROMIUM);
    const dir = testInfo.outputPath('run');
    writeRun(dir);
    const html = readFileSync(join(dir, 'conformance.html'), 'utf8');
    expect(html).not.toContain(KEY);
    expect(html).not.toMatch(/<script/i);

    try {
      const context = await browser!.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(pathToFileURL(join(dir, 'conformance.html')).href);
      const summary = page.locator('#failed-summary tbody tr');
      await expect(summary).toHaveText([
        /^AUTH-1\s*a rejection of the request without the section 5 token\s*the answer carries the success indicator \(HTTP 200\)\s*1$/,
      ]);
      // The first screen: 800 px of a 1280 px window, nothing scrolled.
      const box = await summary.first().boundingBox();
      expect(box!.y + box!.height, 'the failed rule, its Expected and Found end within the first screen').toBeLessThan(
        800,
      );

      const card = page.locator('#failed-AUTH-1');
      await expect(card.locator('dl.ef')).toHaveText(
        /Expected\s*a rejection of the request without the section 5 token\s*Found\s*the answer carries the success indicator/,
      );
      await expect(card.locator('pre.exchange')).toContainText('authorization: Bearer [REDACTED]');
      await expect(card.locator('pre.exchange')).toContainText('"card_number":"[card …1111]"');
      await expect(card.locator('pre.reproduce')).toHaveText(
        `Reproduce with: curl -sS -X POST -H 'authorization: Bearer not-the-token' -H 'accept: ` +
          `application/json' -H 'content-type:' --data-raw ` +
          `'{"merchant_id":"m-1","card_number":"4111111111111111","cvv2":"123"}' ` +
          `'http://127.0.0.1:4010/pg/tokenize'`,
      );

      const actions = page.locator('#to-do + table tbody tr');
      await expect(actions).toHaveText([
        /^AUTH-2\s*skipped\s*needs PG_VENDOR_ID\s*a choice of this run/,
        /^AUTH-3\s*not exercised\s*the vault holds no billing cards\s*add one in the manager portal$/,
      ]);
      await expect(page.locator('#generated')).toBeVisible();
      await expect(page.getByText('replay exactly these inputs with PG_SEED=4242 npm run conformance')).toBeVisible();

      // In that order: failed rules, what to do, the seed, then the full table.
      const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
      const order = [await top('#failed'), await top('#to-do'), await top('#generated'), await top('#rules')];
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    } finally {
      await Promise.all(browser!.contexts().map((c) => c.close()));
    }
  },
);

const VEND_7 = { rule: 'TOK-8', ticket: 'VEND-7', expires: '2026-12-20' };

/** Two earlier nights before writeRun's: TOK-8 failed, then was a known deviation; AUTH-1 passed, then failed. */
function earlierNights(dir: string): string {
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  const rules = loadRules();
  const nightBack = (back: number, status: (id: string) => string, known: Night['known'] = []): Night => ({
    date: day(back),
    started: `${day(back)}T02:23:00.000Z`,
    verdict: 'NON-CONFORMANT',
    fields: { exercised: 80 + back, total: 90 },
    rules: Object.fromEntries(rules.map((r) => [r.id, status(r.id)])),
    known,
    targetId: 'mock',
  });
  return writeHistory(dir, [
    nightBack(2, (id) => (id === 'TOK-8' ? 'failed' : 'passed')),
    nightBack(1, (id) => (id === 'AUTH-1' ? 'failed' : id === 'TOK-8' ? 'known deviation' : 'passed'), [VEND_7]),
  ]);
}

test('three nights of history make a rule × night grid: since when a rule fails, what is new, deviations marked', async ({
  chromiumBrowser: browser,
}, testInfo) => {
  test.skip(!browser, NO_CHROMIUM);
  const previous = earlierNights(testInfo.outputPath('baseline'));
  const dir = testInfo.outputPath('run');
  writeRun(dir, undefined, previous);
  const carried = JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8')) as { nights: Night[] };
  expect(carried.nights.map((n) => n.rules['AUTH-1'])).toEqual(['passed', 'failed', 'failed']);
  expect(readFileSync(join(dir, 'conformance.html'), 'utf8')).not.toMatch(/<script|<link|<img|url\(/i);

  try {
    const context = await browser!.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(pathToFileURL(join(dir, 'conformance.html')).href);
    const grid = page.locator('#night-grid');
    await expect(page.getByRole('heading', { name: 'The last 3 nights' })).toBeVisible();
    await expect(grid.locator('thead th.night')).toHaveText(carried.nights.map((n) => n.date.slice(5)));
    await expect(grid.locator('tr.verdicts td[title]')).toHaveText(['NC', 'NC', 'NC']);
    await expect(grid.locator('tbody tr[data-rule]')).toHaveCount(loadRules().length);

    const row = (id: string) => grid.locator(`tr[data-rule="${id}"]`);
    const yesterday = carried.nights[1]!.date;
    await expect(row('AUTH-1').locator('td')).toHaveText([
      'AUTH-1',
      `failing since ${yesterday} (2 nights)`,
      '✓',
      '✗',
      '✗',
    ]);
    await expect(row('TOK-8').locator('td')).toHaveText(['TOK-8', 'passes again tonight', '✗', 'K', '✓']);
    await expect(row('VAULT-2').locator('td.since')).toHaveText('');
    // Known deviations stand apart from failures in colour and sign, with their ticket on hover.
    const known = row('TOK-8').locator('td').nth(3);
    await expect(known).toHaveCSS('background-color', 'rgb(230, 220, 247)');
    await expect(known).toHaveAttribute(
      'title',
      `TOK-8 on ${yesterday}: known deviation (known deviation VEND-7, until 2026-12-20)`,
    );
    await expect(row('AUTH-1').locator('td').nth(4)).toHaveCSS('background-color', 'rgb(251, 220, 220)');
    const lead = 'nothing new failing tonight; failing before tonight too: AUTH-1; passing again: TOK-8.';
    await expect(page.locator('#nights-lead')).toHaveText(lead);
    // Tonight is the outlined column, on the right.
    await expect(row('AUTH-1').locator('td.tonight')).toHaveText('✗');
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
    expect(await top('#nights')).toBeLessThan(await top('#rules'));
    await page.locator('#nights').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('night-grid.png'), fullPage: true });
  } finally {
    await Promise.all(browser!.contexts().map((c) => c.close()));
  }
});
