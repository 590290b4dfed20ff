import { expect, test } from '../../testing/fixtures.js';
import { attributeRefusal } from './field-refusals.js';

type Answer = { ok: boolean; sent: string[] };

/** A gateway that refuses a request carrying any field of `refuses`, or every field of `together` at once. */
function gateway(refuses: string[], together: string[] = []) {
  const sent: string[][] = [];
  const send = async (fields: Record<string, unknown>): Promise<Answer> => {
    const names = Object.keys(fields);
    sent.push(names);
    const refused =
      names.some((n) => refuses.includes(n)) || (together.length > 0 && together.every((n) => names.includes(n)));
    return { ok: !refused, sent: names };
  };
  return { send, sent };
}

const FIELDS = { developer_id: 'd', profile_id: 'default', loc_id: 'store-001', session_id: 's' };
const MADE_UP = new Set(['profile_id', 'loc_id']);
const ok = (a: Answer) => a.ok;
const names = (rs: { fields: string[] }[]) => rs.map((r) => r.fields);

async function attribute(refuses: string[], together: string[] = [], madeUp: ReadonlySet<string> = MADE_UP) {
  const g = gateway(refuses, together);
  const all = await g.send(FIELDS);
  return { ...(await attributeRefusal(FIELDS, madeUp, g.send, ok, all)), sent: g.sent };
}

test('a settled field the gateway refuses is a failure, named alone', async () => {
  const r = await attribute(['developer_id']);
  expect(names(r.failures)).toEqual([['developer_id']]);
  expect(r.madeUp).toEqual([]);
});

test('a made-up account value refused is kept apart, and the rest is judged on a request without it', async () => {
  const r = await attribute(['profile_id']);
  expect(r.failures).toEqual([]);
  expect(names(r.madeUp)).toEqual([['profile_id']]);
  expect(r.judged).toEqual(['developer_id', 'loc_id', 'session_id']);
  expect(r.sent.at(-1)).toEqual(['developer_id', 'loc_id', 'session_id']);
});

test('the same field with a configured value is judged: its refusal fails', async () => {
  const r = await attribute(['profile_id'], [], new Set(['loc_id']));
  expect(names(r.failures)).toEqual([['profile_id']]);
});

test('a settled refusal is a failure even beside a made-up one', async () => {
  const r = await attribute(['session_id', 'loc_id']);
  expect(names(r.failures)).toEqual([['session_id']]);
  expect(names(r.madeUp)).toEqual([['loc_id']]);
});

test('refused only together: made-up values in the combination are observed when the settled fields pass without them', async () => {
  const r = await attribute([], ['profile_id', 'loc_id']);
  expect(r.failures).toEqual([]);
  expect(names(r.madeUp)).toEqual([['profile_id', 'loc_id']]);
  expect(r.judged).toEqual(['developer_id', 'session_id']);
});

test('refused only together, and still refused without the made-up values: a failure of the settled fields', async () => {
  const r = await attribute([], ['developer_id', 'session_id']);
  expect(names(r.failures)).toEqual([['developer_id', 'session_id']]);
  expect(r.madeUp).toEqual([]);
  const none = await attribute([], ['developer_id', 'session_id'], new Set());
  expect(names(none.failures)).toEqual([['developer_id', 'profile_id', 'loc_id', 'session_id']]);
});
