import { expect, test } from '../testing/fixtures.js';
import type { Exchange } from '../transport/exchange.js';
import { disableAnswerFindings } from './hook.js';

function disable(status: number, answer: unknown): Exchange {
  return {
    operation: 'disableWebhook',
    family: 'platform',
    request: { method: 'PUT', url: 'http://gw.test/platform/webhook/wh_1/disable', headers: {}, body: undefined },
    status,
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify(answer),
    json: answer,
    ms: 1,
  };
}

const ok = { code: 0, message: 'Success', data: { message: 'Webhook wh_1 disabled' } };

test('HOOK-1 on a successful disable: code 0 with a non-empty data.message', () => {
  expect(disableAnswerFindings(disable(200, ok)).checked).toEqual(['HOOK-1']);
  expect(disableAnswerFindings(disable(200, ok)).findings).toEqual([]);
  expect(disableAnswerFindings(disable(200, { code: 0, message: 'Success' })).findings).toEqual([
    { ruleId: 'HOOK-1', problems: ['data.message is undefined'], expected: 'code 0 with a non-empty data.message' },
  ]);
  expect(disableAnswerFindings(disable(200, { ...ok, data: { message: ' ' } })).findings).toHaveLength(1);
});

test('a failed disable is not judged on the answer alone: whether the webhook was active is not in it', () => {
  expect(disableAnswerFindings(disable(404, { code: 1301, message: 'Webhook not found' })).checked).toEqual([]);
});
