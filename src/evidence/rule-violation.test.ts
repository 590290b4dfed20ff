import { expect, test } from '@playwright/test';
import type { Exchange } from '../transport/exchange.js';
import { Redactor } from './redact.js';
import { RuleViolation } from './rule-violation.js';

const KEY = 'violation_test_key_9';
const redactor = new Redactor([KEY], { variables: [{ name: 'PG_API_KEY', value: KEY }], sender: 'suite' });

const sent = (method: string, url: string): Exchange => ({
  operation: undefined,
  family: url.includes('/pg/') ? 'pg' : 'platform',
  request: { method, url, headers: { accept: 'application/json' }, body: undefined },
  status: 200,
  headers: { 'content-type': 'application/json' },
  text: '{}',
  json: {},
  ms: 2,
});

test("a violation's finding names the operations its exchanges were sent to; a request outside the document names none", () => {
  const v = new RuleViolation(
    'ERR-4',
    [`wrong content-type, key ${KEY}`, 'and a second problem'],
    'application/json',
    [
      sent('POST', 'https://sandbox.example/pg/tokenize'),
      sent('GET', 'https://sandbox.example/platform/vault/customer?count=10&page=0'),
      sent('PUT', 'https://sandbox.example/platform/webhook/wh_1/disable'),
      sent('GET', 'https://sandbox.example/pg/tokenize'),
    ],
    redactor,
  );
  expect(v.finding.operations).toEqual(['tokenize', 'listCustomers', 'disableWebhook']);
  expect(v.finding.found).not.toContain(KEY);
  expect(v.finding.found).toMatch(/^wrong content-type, key .*; and a second problem$/);
  expect(v.finding.exchanges).toHaveLength(4);
  expect(v.finding.exchanges.every((e) => e.startsWith('Sent: ') && !e.includes('Reproduce with'))).toBe(true);
  expect(v.finding.reproduce).toHaveLength(4);
});
