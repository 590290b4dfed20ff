import { expect, test } from '../testing/fixtures.js';
import { disclosureProblems } from './auth.js';
import { acceptanceProblems, answerFindings, refusalProblems } from './errors.js';
import type { Exchange } from '../transport/exchange.js';
import { madeUpExchange } from '../testing/made-up/exchange.js';

/** An answer to tokenize (/pg/) or to the vault listing (/platform/) with the given status and body text. */
const answer = (family: 'pg' | 'platform', status: number, text: string, contentType = 'application/json') =>
  madeUpExchange(family, status, text, { headers: { 'content-type': contentType } });

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
    expect(
      failedRules(answer('pg', status, '{"code":1004,"message":"Authentication failed"}')),
      `HTTP ${status}`,
    ).toContain('ERR-3');
  }
});

test("a /pg/ failure without a string rcode fails ERR-1, and only ERR-1, with the body's shape in the finding", () => {
  const cases = [
    [400, '<html><body>Bad Request</body></html>', 'text/html'],
    [401, '{"error":"unauthorized"}', 'application/json'],
    [404, '', 'text/plain'],
  ];
  for (const [status, text, type] of cases as [number, string, string][]) {
    const { findings, checked } = answerFindings(answer('pg', status, text, type));
    expect(
      findings.map((f) => f.ruleId),
      `HTTP ${status} ${JSON.stringify(text)}`,
    ).toEqual(['ERR-1']);
    expect(checked).toEqual(['ERR-1']);
    const shape = text === '' ? 'an empty body' : `${type}: ${text}`;
    expect(findings[0]?.problems[0]).toContain(`HTTP ${status} answered without rcode (${shape})`);
  }
});

test('a /platform/ failure without an integer code fails ERR-2, and only ERR-2, an empty body included', () => {
  for (const [status, text] of [
    [400, ''],
    [401, '{"error":"unauthorized"}'],
    [422, '{"message":"invalid page"}'],
  ] as const) {
    const { findings } = answerFindings(answer('platform', status, text));
    expect(
      findings.map((f) => f.ruleId),
      `HTTP ${status} ${JSON.stringify(text)}`,
    ).toEqual(['ERR-2']);
  }
  expect(answerFindings(answer('platform', 400, '')).findings[0]?.problems).toEqual([
    'HTTP 400 answered without code (an empty body); code is the failure indicator of every /platform/ answer',
  ]);
});

test('the shape of a failure without its indicator is cut short in the finding', () => {
  const page = `<html>${'x'.repeat(500)}</html>`;
  const [problem] = answerFindings(answer('pg', 400, page, 'text/html')).findings[0]?.problems ?? [];
  expect(problem!.length).toBeLessThan(200);
  expect(problem).toContain('text/html: <html>xxx');
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

/** The same answer, to a request that carried `authorization`. */
function sentWith(authorization: string, exchange: Exchange): Exchange {
  return { ...exchange, request: { ...exchange.request, headers: { authorization } } };
}

const WAF_PAGE = '<html><h1>403 ERROR</h1>Request blocked.</html>';
const wafAnswer = (family: 'pg' | 'platform') => {
  const exchange = answer(family, 403, WAF_PAGE, 'text/html');
  return { ...exchange, headers: { ...exchange.headers, server: 'CloudFront' } };
};

test('a refusal in front of the gateway of a malformed header is observed under AUTH-4, not judged by ERR-1 or ERR-2', () => {
  for (const family of ['pg', 'platform'] as const) {
    const refused = sentWith('Bearer some-token', wafAnswer(family));
    const { findings, observations, checked } = answerFindings(refused);
    expect(findings, family).toEqual([]);
    expect(checked, family).toEqual([]);
    expect(observations, family).toEqual([
      {
        ruleId: 'AUTH-4',
        text:
          `${refused.operation} with an Authorization header out of section 5.4's form (the scheme is not Basic): ` +
          'refused in front of the gateway by Amazon CloudFront (Server: CloudFront): HTTP 403, text/html; ' +
          `not the gateway's answer, so not held to ${family === 'pg' ? 'ERR-1' : 'ERR-2'}; a client that reads ` +
          `${family === 'pg' ? 'rcode on every /pg/' : 'code on every /platform/'} answer meets this one without ` +
          'it and must handle it (by its HTTP status, or Server)',
        data: {
          kind: 'refused-in-front-of-gateway',
          subject: refused.operation,
          value: 'Amazon CloudFront (Server: CloudFront), HTTP 403, text/html',
        },
      },
    ]);
    // Section 5 asks for a refusal that discloses nothing: this is one.
    expect(refusalProblems(refused)).toEqual([]);
    expect(disclosureProblems(refused)).toEqual([]);
  }
});

test("a token without RFC 7617's colon: a WAF's page to it is observed, the gateway's own answer is judged as ever", () => {
  const colonless = `Basic ${Buffer.from('some-key').toString('base64')}`;
  for (const family of ['pg', 'platform'] as const) {
    const refused = answerFindings(sentWith(colonless, wafAnswer(family)));
    expect(refused.findings, family).toEqual([]);
    expect(
      refused.observations.map((o) => [o.ruleId, o.data?.kind]),
      family,
    ).toEqual([['AUTH-4', 'refused-in-front-of-gateway']]);
    expect(refused.observations[0]?.text, family).toContain('(the decoded token has no colon)');
  }
  expect(answerFindings(sentWith(colonless, answer('platform', 401, '{"code":1002,"message":"x"}'))).findings).toEqual(
    [],
  );
  expect(failedRules(sentWith(colonless, answer('pg', 401, '{"rcode":"102","rmsg":""}')))).toEqual(['ERR-1']);
  expect(failedRules(sentWith(colonless, answer('platform', 401, '{"code":"1002","message":"x"}')))).toContain('ERR-2');
});

test("a page without a front layer's mark, to a well-formed Authorization header or to none, is the gateway's: ERR-1 or ERR-2", () => {
  const wellFormed = `Basic ${Buffer.from(':unknown-key').toString('base64')}`;
  const page = (family: 'pg' | 'platform', server?: string) => {
    const exchange = answer(family, 403, WAF_PAGE, 'text/html');
    return server ? { ...exchange, headers: { ...exchange.headers, server } } : exchange;
  };
  expect(failedRules(sentWith(wellFormed, page('pg')))).toEqual(['ERR-1']);
  expect(failedRules(sentWith(wellFormed, page('platform', 'nginx')))).toEqual(['ERR-2']);
  expect(failedRules(page('pg', 'cloudflare'))).toEqual(['ERR-1']);
  expect(failedRules(page('platform'))).toEqual(['ERR-2']);
});

/** AWS API Gateway's authorizer refusing a request: its gateway response, with its own error-type header. */
const authorizerAnswer = (family: 'pg' | 'platform') => {
  const exchange = answer(family, 401, '{"message":"Unauthorized"}');
  return {
    ...exchange,
    headers: { ...exchange.headers, 'x-amzn-errortype': 'UnauthorizedException', 'x-amzn-requestid': 'r-1' },
  };
};

test("an authorizer's 401 in front of the gateway is a refusal, observed under the rule its request met, never ERR-1 or ERR-2", () => {
  const unknownKey = `Basic ${Buffer.from(':unknown-key').toString('base64')}`;
  for (const family of ['pg', 'platform'] as const) {
    const refused = sentWith(unknownKey, authorizerAnswer(family));
    const { findings, observations, checked } = answerFindings(refused);
    expect(findings, family).toEqual([]);
    expect(checked, family).toEqual([]);
    const field = family === 'pg' ? 'rcode on every /pg/' : 'code on every /platform/';
    expect(observations, family).toEqual([
      {
        ruleId: 'AUTH-3',
        text:
          `${refused.operation} with a well-formed Authorization header: refused in front of the gateway by AWS API ` +
          "Gateway (x-amzn-ErrorType: UnauthorizedException): HTTP 401, application/json; not the gateway's answer, " +
          `so not held to ${family === 'pg' ? 'ERR-1' : 'ERR-2'}; a client that reads ${field} answer meets this ` +
          'one without it and must handle it (by its HTTP status, or x-amzn-ErrorType)',
        data: {
          kind: 'refused-in-front-of-gateway',
          subject: refused.operation,
          value: 'AWS API Gateway (x-amzn-ErrorType: UnauthorizedException), HTTP 401, application/json',
        },
      },
    ]);
    // Without a header, the same answer is AUTH-1's refusal; either way section 5's refusal, disclosing nothing.
    const none = authorizerAnswer(family);
    expect(answerFindings(none).observations.map((o) => o.ruleId)).toEqual(['AUTH-1']);
    for (const exchange of [refused, none]) {
      expect(refusalProblems(exchange)).toEqual([]);
      expect(disclosureProblems(exchange)).toEqual([]);
    }
  }
});

test("the gateway's own answer is judged whatever front layer's mark rides on it", () => {
  const marked = (family: 'pg' | 'platform', text: string) => ({
    ...authorizerAnswer(family),
    text,
    json: JSON.parse(text),
  });
  expect(failedRules(marked('pg', '{"rcode":"102","rmsg":""}'))).toEqual(['ERR-1']);
  expect(failedRules(marked('platform', '{"code":"1002"}'))).toContain('ERR-2');
  expect(failedRules(marked('platform', '{"code":1002,"message":"x"}'))).toEqual([]);
});

test('a request the suite knows is valid is owed the family success indicator, whatever the HTTP status says', () => {
  expect(acceptanceProblems(answer('pg', 200, '{"rcode":"000","rmsg":"ok"}'))).toEqual([]);
  expect(acceptanceProblems(answer('platform', 200, '{"code":0,"message":"ok"}'))).toEqual([]);
  expect(acceptanceProblems(answer('pg', 400, '{"rcode":"405","rmsg":"bad expiry"}'))).toEqual([
    'the answer carries no success indicator (HTTP 400, rcode "405")',
  ]);
  expect(acceptanceProblems(answer('platform', 200, '{"code":"0","message":"ok"}'))).toEqual([
    'the answer carries no success indicator (HTTP 200, code "0")',
  ]);
  expect(acceptanceProblems(answer('platform', 502, '<html>Bad gateway</html>', 'text/html'))).toEqual([
    'the answer carries no success indicator (HTTP 502)',
  ]);
});

test('a request the suite knows is wrong must not be served: a failure indicator or an HTTP error status', () => {
  expect(refusalProblems(answer('pg', 400, '{"rcode":"405","rmsg":"bad expiry"}'))).toEqual([]);
  expect(refusalProblems(answer('platform', 200, '{"code":1301,"message":"no such webhook"}'))).toEqual([]);
  // An HTTP error status refuses whatever the body: the body is ERR-1's and ERR-2's to judge.
  expect(refusalProblems(answer('platform', 401, '', 'text/plain'))).toEqual([]);
  expect(refusalProblems(answer('pg', 200, '{"rcode":"000","rmsg":"ok"}'))).toEqual([
    'the answer carries the success indicator (HTTP 200)',
  ]);
  expect(refusalProblems(answer('pg', 200, '{"rmsg":"declined"}'))).toEqual([
    'HTTP 200 without the family\'s failure indicator: rcode is absent, expected a string other than "000"',
  ]);
});
