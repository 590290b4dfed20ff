import { expect, test } from '../../../testing/fixtures.js';
import { CONFIGURATION_SKIPS } from '../../../config/configuration-skips.js';
import { decisionHtml } from './decision-html.js';
import type { ConformanceJson } from '../../model/read-report.js';

test('a rule skipped for want of a variable says which to set, not its by-design skips on this target', () => {
  const report = {
    target: 'sandbox',
    started: 's',
    finished: 'f',
    verdict: 'NOT FULLY EXERCISED',
    rules: [
      {
        id: 'HOOK-1',
        rule: 'disabling answers code 0',
        check: 'black-box',
        status: 'skipped',
        tests: [
          { title: 'a', outcome: 'skipped', note: CONFIGURATION_SKIPS.webhook.reason },
          {
            title: 'b',
            outcome: 'skipped',
            note: "needs the embedded mock's control API (PG_TARGET=mock); target is sandbox",
          },
        ],
      },
    ],
  } as ConformanceJson;
  const page = decisionHtml(report);
  expect(page).toContain('set PG_WEBHOOK_ID to check the rule, or sign off without it');
  expect(page).not.toContain('control API (PG_TARGET=mock); target is sandbox');
});

test('the page names the configuration problems and the operations never served, as the console does', () => {
  const page = decisionHtml({
    target: 'sandbox',
    started: 's',
    finished: 'f',
    verdict: 'CONFIGURATION ERROR',
    rules: [],
    configuration: ['PG_WEBHOOK_ID names no webhook the target knows'],
    operationsNotServed: [{ operation: 'disableWebhook', reason: 'no disable of PG_WEBHOOK_ID answered code 0' }],
  });
  expect(page).toContain(
    '<h2 id="configuration">Configuration problems, fix these first (1)</h2><ul><li>PG_WEBHOOK_ID names ' +
      'no webhook the target knows</li></ul>',
  );
  expect(page).toContain('<li>disableWebhook: no disable of PG_WEBHOOK_ID answered code 0</li>');
});
