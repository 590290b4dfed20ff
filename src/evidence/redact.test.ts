import { expect, test } from '../testing/fixtures.js';
import { apiToken, base64Carrying } from '../transport/auth.js';
import { nearMissKeys, withNearMisses } from '../transport/near-miss-keys.js';
import { REDACTED, Redactor } from './redact.js';

const KEY = 'canary_key_Zq81';
const redactor = new Redactor([KEY]);

test('redacts a key and every encoding the suite produces of it', () => {
  const text = `key=${KEY} token=${apiToken(KEY)} bare=${Buffer.from(KEY).toString('base64')} url=${encodeURIComponent(KEY)}`;
  const out = redactor.text(text);
  expect(out).not.toContain(KEY);
  expect(out).not.toContain(apiToken(KEY));
  expect(out).not.toContain(Buffer.from(KEY).toString('base64').replace(/=+$/, ''));
  expect(out.match(/\[REDACTED\]/g)).toHaveLength(4);
});

test('redacts the Base 64 of any text carrying the key: spaces around it, the key as user part, a user part before it', () => {
  for (const carrying of [` ${KEY} `, `${KEY}:`, `merchant-0042:${KEY}`, `:${KEY}\n`]) {
    const token = Buffer.from(carrying).toString('base64');
    const out = redactor.text(`authorization: Basic ${token}`);
    expect(out, carrying).toContain(REDACTED);
    expect(out, carrying).not.toContain(token);
    for (const run of base64Carrying(KEY)) expect(out, carrying).not.toContain(run);
  }
});

test('given the near misses of a key AUTH-3 sends, redacts them and their tokens as it redacts the key', () => {
  const withThem = new Redactor(withNearMisses([KEY]));
  for (const { key } of nearMissKeys(KEY)) {
    const bare = Buffer.from(key!).toString('base64').replace(/=+$/, '');
    const out = withThem.text(`key=${key!} token=Basic ${apiToken(key!)} bare=${bare}`);
    expect(out).toBe(`key=${REDACTED} token=Basic ${REDACTED} bare=${REDACTED}`);
  }
});

test('redacts Luhn-valid card numbers by value, with or without separators, and keeps other digits', () => {
  expect(redactor.text('pan 4111111111111111 end')).toBe('pan [card …1111] end');
  expect(redactor.text('pan 4111 1111 1111 1111')).toBe('pan [card …1111]');
  expect(redactor.text('order 1234567890123')).toBe('order 1234567890123');
  expect(redactor.text('masked 4111xxxxxx111111')).toBe('masked 4111xxxxxx111111');
});

test('redacts the values of secret fields in JSON and query strings', () => {
  const body = JSON.stringify({ cvv2: '123', tr_number: '011000015', dda_number: 123456789, card_swipe: '%B4111^X' });
  const out = redactor.text(body);
  for (const secret of ['123"', '011000015', '123456789', '%B4111']) expect(out).not.toContain(secret);
  expect(out).toContain(`"cvv2":"${REDACTED}"`);
  expect(redactor.text('a=1&dda_number=987654&b=2')).toBe(`a=1&dda_number=${REDACTED}&b=2`);
});
