import { expect, test } from '@playwright/test';
import { answerFindings } from './conformance-checks.js';
import type { Exchange } from './exchange.js';

/** An answer to tokenize (/pg/) or to the vault listing (/platform/) with the given status and body text. */
function answer(family: 'pg' | 'platform', status: number, text: string, contentType = 'application/json'): Exchange {
  const pg = family === 'pg';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    operation: pg ? 'tokenize' : 'listCustomers',
    family,
    request: { method: pg ? 'POST' : 'GET', url: `http://gw.test${pg ? '/pg/tokenize' : '/platform/vault/customer'}`, headers: {}, body: undefined },
    status,
    headers: { 'content-type': contentType },
    text,
    json,
    ms: 1,
  };
}

const failedRules = (e: Exchange) => answerFindings(e).findings.map((f) => f.ruleId);

test('a /platform/ failure in the /pg/ scheme breaks ERR-3 whatever its HTTP status', () => {
  for (const status of [401, 403, 404, 422, 200]) {
    const exchange = answer('platform', status, '{"rcode":"101","rmsg":"Authentication failed"}');
    expect(failedRules(exchange), `HTTP ${status}`).toContain('ERR-3');
  }
  const [finding] = answerFindings(answer('platform', 401, '{"rcode":"101","rmsg":"x"}')).findings;
  expect(finding?.problems).toEqual(['the answer carries rcode ("101"), the /pg/ indicator, instead of code']);
});

test('a /pg/ failure in the /platform/ scheme breaks ERR-3 whatever its HTTP status', () => {
  for (const status of [400, 401, 404, 405]) {
    expect(failedRules(answer('pg', status, '{"code":1004,"message":"Authentication failed"}')), `HTTP ${status}`).toContain('ERR-3');
  }
});

test('an error body in neither scheme on an HTTP error status is observed, not judged', () => {
  for (const [family, text] of [['pg', '{"error":"unauthorized"}'], ['platform', '{"error":"unauthorized"}'], ['pg', ''], ['platform', '']] as const) {
    const { findings, observations, checked } = answerFindings(answer(family, 401, text));
    expect(findings, `${family} ${JSON.stringify(text)}`).toEqual([]);
    expect(checked).toEqual([]);
    expect(observations.map((o) => o.ruleId)).toEqual([family === 'pg' ? 'ERR-1' : 'ERR-2']);
  }
});

test('an error body in its own family scheme passes ERR-3 and is held to the failure indicator', () => {
  expect(answerFindings(answer('platform', 401, '{"code":1004,"message":"x"}')).findings).toEqual([]);
  expect(answerFindings(answer('pg', 401, '{"rcode":"101","rmsg":"x","pg_id":"p"}')).findings).toEqual([]);
  expect(failedRules(answer('pg', 401, '{"rcode":"101","rmsg":""}'))).toEqual(['ERR-1']);
});

test('an answer that carries both indicators is held to its own family scheme', () => {
  const { findings, checked } = answerFindings(answer('platform', 401, '{"code":1004,"rcode":"101","message":"x"}'));
  expect(findings).toEqual([]);
  expect(checked).toContain('ERR-3');
});
