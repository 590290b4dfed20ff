import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { makeFolder } from './make-folder.js';

const codeOf = (action: () => void): string | undefined => {
  try {
    action();
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code;
  }
};

test('makeFolder makes the missing parents and takes a folder that is already there', ({}, testInfo) => {
  const dir = testInfo.outputPath('a', 'b', 'c');
  makeFolder(dir);
  makeFolder(dir);
  expect(existsSync(dir)).toBe(true);
});

test('makeFolder ends with the error where a parent cannot hold folders (Node’s recursive mkdir spins there)', () => {
  expect(codeOf(() => makeFolder('/proc/no-such-folder/below'))).toBe('ENOENT');
});

test('makeFolder says EEXIST for a file in the folder’s place and ENOTDIR for a file above it', ({}, testInfo) => {
  mkdirSync(testInfo.outputPath(), { recursive: true });
  const file = testInfo.outputPath('a-file');
  writeFileSync(file, '');
  expect(codeOf(() => makeFolder(file))).toBe('EEXIST');
  expect(codeOf(() => makeFolder(join(file, 'below')))).toBe('ENOTDIR');
});
