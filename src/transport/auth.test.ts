import { expect, test } from '../testing/fixtures.js';
import { apiToken, basicAuthorization, parseBasicAuthorization } from './auth.js';

test('builds the token as Base 64 of a colon followed by the key', () => {
  expect(apiToken('key123')).toBe(Buffer.from(':key123').toString('base64'));
  expect(Buffer.from(apiToken('key123'), 'base64').toString()).toBe(':key123');
});

test('sends the token after "Basic" and one space', () => {
  expect(basicAuthorization('k')).toBe(`Basic ${Buffer.from(':k').toString('base64')}`);
});

test('round-trips keys with non-ASCII and colon characters', () => {
  for (const key of ['ünïcode-ключ', 'a:b:c', ' spaced ']) {
    expect(parseBasicAuthorization(basicAuthorization(key))).toEqual({ user: '', password: key });
  }
});

test('says why a header is not a section 5 Basic header', () => {
  expect(parseBasicAuthorization(undefined)).toEqual({ slip: 'missing', problem: 'no Authorization header' });
  expect(parseBasicAuthorization('Bearer abc')).toEqual({
    slip: 'not-basic',
    problem: 'Authorization is not "Basic <Base 64 token>"',
  });
  expect(parseBasicAuthorization('Basic ')).toHaveProperty('problem');
  expect(parseBasicAuthorization(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toEqual({
    slip: 'no-colon',
    problem: 'the decoded token has no colon',
  });
  expect(parseBasicAuthorization('Basic a')).toHaveProperty('slip', 'not-base64');
  expect(parseBasicAuthorization(`Basic ${Buffer.from('user:pw').toString('base64')}`)).toEqual({
    user: 'user',
    password: 'pw',
  });
});
