import { expect, test } from '../testing/fixtures.js';
import { refusedArgument, type ArgumentOptions } from './refused-argument.js';

const OPTIONS = { name: { type: 'string' }, quiet: { type: 'boolean', short: 'q' } } satisfies ArgumentOptions;

test('names the first argument a strict reading refuses, each way parseArgs refuses one', () => {
  expect(refusedArgument(['--name', 'a', '--colour', 'red'], OPTIONS)).toBe('--colour is not an option');
  expect(refusedArgument(['--quiet=yes'], OPTIONS)).toBe('--quiet takes no value');
  expect(refusedArgument(['--name'], OPTIONS)).toBe('--name needs a value');
  expect(refusedArgument(['report.json'], OPTIONS)).toBe('"report.json" is not an option');
  expect(refusedArgument(['-x', '--colour'], OPTIONS)).toBe('-x is not an option');
});

test('finds nothing in arguments a strict reading takes', () => {
  expect(refusedArgument(['--name=a', '-q'], OPTIONS)).toBeUndefined();
});
