import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../testing/fixtures.js';
import { newCardRequest } from '../catalogue/request-builders.js';
import { GatewayClient, type RetryPolicy } from '../transport/gateway-client.js';
import { repeatedPgIds, runWideJudgements, runWideOf } from './run-wide.js';

test('TOK-1 fails when two new cards of the run share a card_id, whichever tests got them', () => {
  const [tok1] = runWideJudgements({ newCards: [['aaaa', 'bbbb'], ['aaaa']], answers: [], pgIds: [] });
  expect(tok1).toEqual({
    ruleId: 'TOK-1',
    title: 'no two new cards of the run share a card_id (3 new cards from 2 tests)',
    expected: 'no two new cards of the run share a card_id',
    count: 3,
    what: 'new cards across the run',
    found: '1 card_id(s) were returned for more than one new card in this run',
    observations: [],
  });
});

test("ERR-5 sums every test's answers; a rule with nothing to judge is not returned", () => {
  const judged = runWideJudgements({
    newCards: [],
    answers: [
      { valid: 3, judged: 3 },
      { valid: 1, judged: 2 },
    ],
    pgIds: [],
  });
  expect(judged).toEqual([
    {
      ruleId: 'ERR-5',
      title: 'every answer of the run validates against spec/openapi.yaml (5 answers from 2 tests)',
      expected: 'every answer of the run validates against spec/openapi.yaml',
      count: 5,
      what: 'answers across the run',
      found: '1 of 5 answers did not validate',
      observations: [],
    },
  ]);
  expect(
    runWideJudgements({ newCards: [['a'], ['b']], answers: [{ valid: 2, judged: 2 }], pgIds: [] }).map((j) => j.found),
  ).toEqual([undefined, undefined]);
});

const answered = (...pairs: [digest: string, shown: string][]) => pairs.map(([digest, shown]) => ({ digest, shown }));

test("distinct requests answered with one pg_id are TOK-1's observation, whichever tests sent them; never a failure", () => {
  const [tok1] = runWideJudgements({
    newCards: [['a'], ['b'], ['c']],
    answers: [],
    pgIds: [
      answered(['p1', 'pg_1'], ['p2', 'pg_2']),
      answered(['p1', 'pg_1'], ['p3', 'pg_3']),
      answered(['p1', 'pg_1']),
    ],
  });
  expect(tok1!.found).toBeUndefined();
  expect(tok1!.observations).toEqual([
    {
      kind: 'repeated-pg-id',
      subject: 'tokenize',
      value: 'some pg_ids for more than one tokenization',
      count: 3,
      text:
        '3 of 5 successful tokenize requests were answered with a pg_id another of them got too (1 pg_id, e.g. ' +
        "pg_1 to 3); each request counts once, however often the client resent it, and section 2.2 leaves pg_id's " +
        'uniqueness unstated',
    },
  ]);
});

test('no pg_id answered twice, no observation; one pg_id for all is its own value; a long list names a few', () => {
  expect(repeatedPgIds([answered(['p1', 'pg_1']), answered(['p2', 'pg_2'])])).toBeUndefined();
  expect(repeatedPgIds([])).toBeUndefined();
  expect(repeatedPgIds([answered(['p1', 'pg_1'], ['p1', 'pg_1'])])).toMatchObject({
    value: 'one pg_id for every tokenization',
    count: 2,
  });
  const many = repeatedPgIds([
    answered(['p1', 'pg_1'], ['p2', 'pg_2'], ['p3', 'pg_3'], ['p4', 'pg_4'], ['p4', 'pg_4']),
    answered(['p1', 'pg_1'], ['p2', 'pg_2'], ['p3', 'pg_3'], ['p4', 'pg_4']),
  ]);
  expect(many).toMatchObject({ value: 'some pg_ids for more than one tokenization', count: 9 });
  expect(many!.text).toContain('(4 pg_ids, e.g. pg_4 to 3, pg_1 to 2, pg_2 to 2, …)');
});

const RESEND: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 10,
  maxDelayMs: 100,
  timeoutMs: 2_000,
  rateLimitAttempts: 2,
  rateLimitWaitMs: 100,
  resendUnknownPosts: true,
};

test("the client's resend of a request is not a second request: an idempotent gateway's pg_id counts once", async () => {
  // An API gateway in front answers the first attempt 502 after the gateway processed it; the resend of the
  // same request is answered with that transaction's pg_id, as is a later, distinct request.
  let attempts = 0;
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      attempts++;
      if (attempts === 1) res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"Bad gateway"}');
      else
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ rcode: '000', pg_id: 'pg_0001', card_id: `tok_${attempts}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = new GatewayClient(
      url,
      { merchantKey: 'k', vendorKey: undefined },
      { allowWrites: true },
      undefined,
      RESEND,
    );
    const request = newCardRequest('m-1');
    await client.tokenize(request);
    expect(attempts).toBe(2);
    const once = runWideOf(client.exchanges).pgIds;
    expect(once.map((p) => p.pgId)).toEqual(['pg_0001']);
    expect(repeatedPgIds([once.map(({ digest, pgId }) => ({ digest, shown: pgId }))])).toBeUndefined();

    await client.tokenize(request);
    const twice = runWideOf(client.exchanges).pgIds;
    expect(repeatedPgIds([twice.map(({ digest, pgId }) => ({ digest, shown: pgId }))])).toMatchObject({
      kind: 'repeated-pg-id',
      count: 2,
    });
  } finally {
    server.close();
  }
});
