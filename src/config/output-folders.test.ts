import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { folderWriteProblem, outputFolderProblems, writeErrorPhrase } from './output-folders.js';

test('a writable folder has no problem and keeps no trace of the probe', ({}, testInfo) => {
  const dir = testInfo.outputPath('reports');
  expect(folderWriteProblem(dir)).toBeUndefined();
  expect(readdirSync(dir)).toEqual([]);
});

test('each unwritable folder is one sentence naming its variable, or the variable whose default it is', ({}, testInfo) => {
  mkdirSync(testInfo.outputPath(), { recursive: true });
  const file = testInfo.outputPath('a-file');
  writeFileSync(file, '');
  const problems = outputFolderProblems([
    { variable: 'PG_REPORTS_DIR', dir: join(file, 'reports'), given: true },
    { variable: 'PG_RESULTS_DIR', dir: file, given: false },
    { variable: 'PG_RESULTS_DIR', dir: testInfo.outputPath('fine'), given: true },
  ]);
  expect(problems).toEqual([
    `PG_REPORTS_DIR names ${join(file, 'reports')}: this user cannot make or write that folder ` +
      '(ENOTDIR, a part of the path is a file, not a folder); set PG_REPORTS_DIR to a writable folder',
    `${file} (the default of PG_RESULTS_DIR): this user cannot make or write that folder ` +
      '(EEXIST, a file stands where the folder should be); set PG_RESULTS_DIR to a writable folder',
  ]);
});

test('an error code is said with what it means; an unknown one as it is', () => {
  expect(writeErrorPhrase(Object.assign(new Error('x'), { code: 'ENOSPC' }))).toBe(
    'ENOSPC, no space left on the device',
  );
  expect(writeErrorPhrase(Object.assign(new Error('x'), { code: 'EWHATEVER' }))).toBe('EWHATEVER');
});
