import { expect, test } from '../testing/fixtures.js';
import { atOnce } from './at-once.js';

const after = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error(String(value))) : resolve(value)), ms));

test('requests sent at once come back in the order they were given, whatever order they ended in', async () => {
  expect(await atOnce([after(30, 'slow'), after(1, 'quick'), after(10, 'middle')])).toEqual([
    'slow',
    'quick',
    'middle',
  ]);
});

test('a failure is thrown only once every request has settled, so none outlives the test', async () => {
  let lastEnded = false;
  const error = await atOnce([
    after(1, 'target gone', true),
    after(30, 'last').then((v) => ((lastEnded = true), v)),
  ]).catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toBe('target gone');
  expect(lastEnded).toBe(true);
});
