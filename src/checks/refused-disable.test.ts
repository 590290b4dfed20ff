import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import type { Exchange } from '../transport/exchange.js';
import { RunDisables, type Party } from '../transport/run-disables.js';
import { explainRefusedDisable, type DisableQuestions } from './refused-disable.js';

const ID = 'wh_1';
const MADE_UP = 'conformance-missing-1';

function answer(status: number, body: unknown, withBody = false): Exchange {
  return {
    operation: 'disableWebhook',
    family: 'platform',
    request: {
      method: 'PUT',
      url: `http://gw.test/platform/webhook/${ID}/disable`,
      headers: {},
      body: withBody ? {} : undefined,
    },
    status,
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify(body),
    json: body,
    ms: 1,
  };
}

const DISABLED = { code: 0, message: 'Success', data: { message: 'Webhook wh_1 disabled' } };
const NOT_FOUND = { code: 1301, message: 'No webhook has this webhook_id.' };
const EMPTY_BODY = { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY', error: 'Bad Request' };
const UNAUTHORIZED = { code: 401, message: 'Unauthorized' };

type Gateway = (id: string, party: Party, withBody: boolean) => Exchange;

/** The questions asked of a stand-in gateway, and which were asked, in order. */
function asking(gateway: Gateway, more: Partial<DisableQuestions> = {}) {
  const asked: string[] = [];
  const questions: DisableQuestions = {
    ask: async (id, party, withBody) => {
      asked.push(`${id === ID ? 'id' : 'made-up'} ${party} ${withBody ? '{}' : 'none'}`);
      return gateway(id, party, withBody);
    },
    otherParty: 'vendor',
    servedEarlier: () => [],
    madeUpId: MADE_UP,
    ...more,
  };
  return { questions, asked };
}

test('a bodiless disable refused where {} is served is HOOK-1 deviation, with both exchanges', async () => {
  const parser: Gateway = (id, _p, withBody) =>
    !withBody ? answer(400, EMPTY_BODY) : id === ID ? answer(200, DISABLED, true) : answer(404, NOT_FOUND, true);
  const { questions, asked } = asking(parser);
  const refused = answer(400, EMPTY_BODY);
  const found = await explainRefusedDisable(ID, 'merchant', refused, questions);
  expect(found.kind).toBe('deviation');
  if (found.kind !== 'deviation') return;
  expect(found.rule).toBe('HOOK-1');
  expect(found.exchanges[0]).toBe(refused);
  expect(found.exchanges[1].request.body).toEqual({});
  expect(found.problems[0]).toContain('"No request body"');
  // Nothing after the first question that explained it.
  expect(asked).toEqual(['id merchant {}']);
});

test('the vendor key refused on a webhook the merchant key disables is AUTH-5, never the ID', async () => {
  const vendorRefused: Gateway = (id, party) =>
    party === 'vendor' ? answer(401, UNAUTHORIZED) : id === ID ? answer(200, DISABLED) : answer(404, NOT_FOUND);
  const { questions, asked } = asking(vendorRefused, { otherParty: 'merchant' });
  const found = await explainRefusedDisable(ID, 'vendor', answer(401, UNAUTHORIZED), questions);
  expect(found).toMatchObject({ kind: 'deviation', rule: 'AUTH-5' });
  expect(asked).toEqual(['id vendor {}', 'id merchant none']);
  // The merchant key refused where the vendor key is served is AUTH-2's.
  const merchantRefused: Gateway = (_id, party) =>
    party === 'merchant' ? answer(401, UNAUTHORIZED) : answer(200, DISABLED);
  const merchant = await explainRefusedDisable(
    ID,
    'merchant',
    answer(401, UNAUTHORIZED),
    asking(merchantRefused).questions,
  );
  expect(merchant).toMatchObject({ kind: 'deviation', rule: 'AUTH-2' });
});

test('a webhook disabled earlier in the run is known: a refusal of it again is not judged', async () => {
  const redisable: Gateway = (id) => (id === ID ? answer(409, { code: 1302 }) : answer(404, NOT_FOUND));
  const earlier = { servedEarlier: () => [{ party: 'merchant' as const, withBody: false }] };
  const { questions, asked } = asking(redisable, earlier);
  const found = await explainRefusedDisable(ID, 'vendor', answer(409, { code: 1302 }), questions);
  expect(found).toMatchObject({ kind: 'known', earlier: true });
  expect(asked.some((a) => a.startsWith('made-up'))).toBe(false);
});

test('a webhook told from a made-up ID in one form only is known; alike in every form and key, unknown', async () => {
  // Inactive: refused without a body as any ID, told apart with {}.
  const inactive: Gateway = (id, _p, withBody) =>
    !withBody ? answer(400, EMPTY_BODY) : id === ID ? answer(409, { code: 1302 }, true) : answer(404, NOT_FOUND, true);
  const known = await explainRefusedDisable(ID, 'merchant', answer(400, EMPTY_BODY), asking(inactive).questions);
  expect(known).toMatchObject({ kind: 'known', earlier: false });

  const nobody: Gateway = () => answer(404, NOT_FOUND);
  const { questions, asked } = asking(nobody);
  const unknown = await explainRefusedDisable(ID, 'merchant', answer(404, NOT_FOUND), questions);
  expect(unknown).toEqual({
    kind: 'unknown',
    asked: 'with the merchant key and the vendor key, without a body and with the body {} (HTTP 404, code 1301)',
  });
  expect(asked.filter((a) => a.startsWith('made-up'))).toHaveLength(4);
  // The same sentence whichever key the test began with.
  const fromVendor = await explainRefusedDisable(
    ID,
    'vendor',
    answer(404, NOT_FOUND),
    asking(nobody, { otherParty: 'merchant' }).questions,
  );
  expect(fromVendor).toEqual(unknown);
});

test('where no made-up ID may be sent, a refusal nothing explains is untold, not unknown', async () => {
  const nobody: Gateway = () => answer(404, NOT_FOUND);
  const found = await explainRefusedDisable(
    ID,
    'merchant',
    answer(404, NOT_FOUND),
    asking(nobody, { madeUpId: undefined, otherParty: undefined }).questions,
  );
  expect(found).toEqual({ kind: 'untold' });
});

test("the run's record of served disables is shared through its folder, by party and form, keyless", () => {
  const folder = join(mkdtempSync(join(tmpdir(), 'run-disables-')), 'disabled');
  const one = new RunDisables(folder);
  const other = new RunDisables(folder);
  expect(other.servedEarlier(ID)).toEqual([]);
  one.served(ID, { party: 'merchant', withBody: true });
  expect(other.servedEarlier(ID)).toEqual([{ party: 'merchant', withBody: true }]);
  expect(other.servedEarlier('wh_2')).toEqual([]);
  // A folder that cannot be made (under a file) keeps what this worker saw.
  const file = join(folder, '..', 'a-file');
  writeFileSync(file, '');
  const alone = new RunDisables(join(file, 'disabled'));
  alone.served(ID, { party: 'vendor', withBody: false });
  expect(alone.servedEarlier(ID)).toEqual([{ party: 'vendor', withBody: false }]);
  // Nor does one under /proc, where a recursive mkdir never returns, hold the worker.
  const proc = new RunDisables('/proc/no-such-folder/disabled');
  proc.served(ID, { party: 'merchant', withBody: false });
  expect(proc.servedEarlier(ID)).toEqual([{ party: 'merchant', withBody: false }]);
});
