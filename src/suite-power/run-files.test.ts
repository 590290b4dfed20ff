import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import type { PlannedRun } from './plan.js';
import { projectsFor } from './projects.js';
import { OWN_RULE, runFilePath, runKeyOfFile, specFiles, writeRunFiles } from './run-files.js';

const fault: PlannedRun = {
  id: 'fault:f:mock',
  kind: 'fault',
  name: 'f',
  rule: 'TOK-8',
  description: 'd',
  mode: 'mock',
  expected: 'caught',
  alsoNoticedBy: [],
};
const variant: PlannedRun = {
  ...fault,
  id: 'variant:v:black-box',
  kind: 'variant',
  name: 'v',
  mode: 'black-box',
  expected: 'passes',
};

// What Playwright matches a project's grep against: project, file under the test folder, titles, tags.
const line = (file: string, title: string, tags: string[]) => [' faults: own rule', file, title, ...tags].join(' ');

test("a fault's own-rule project takes the tests tagged with the rule its file names, and only those", () => {
  const tokenize = runFilePath(fault, false, 'tokenize.spec.ts');
  expect(tokenize).toBe('fault/tokenize/fault-f-mock.TOK-8.spec.ts');
  expect(OWN_RULE.test(line(tokenize, 'TOK-8: masks', ['@TOK-8', '@ERR-5']))).toBe(true);
  expect(OWN_RULE.test(line(runFilePath(fault, false, 'properties/masking.spec.ts'), 'TOK-8: masks', ['@TOK-8']))).toBe(
    true,
  );
  expect(OWN_RULE.test(line(tokenize, 'TOK-80: other', ['@TOK-80']))).toBe(false);
  expect(OWN_RULE.test(line(runFilePath(fault, false, 'auth.spec.ts'), 'AUTH-1: refuses', ['@AUTH-1']))).toBe(false);
  expect(OWN_RULE.test(line('fault/tokenize/fault-g-mock.AUTH-1.spec.ts', 'TOK-8: masks', ['@TOK-8']))).toBe(false);
});

test('a file names its run whatever spec file it stands for', () => {
  expect(runKeyOfFile(runFilePath(fault, false, 'properties/masking.spec.ts'))).toBe('fault/fault-f-mock.TOK-8');
  expect(runKeyOfFile(runFilePath(variant, false, 'auth.spec.ts'))).toBe('whole/variant-v-black-box');
});

test("whole runs come first, then every fault's own rule", () => {
  const projects = projectsFor();
  expect(projects.map((p) => p.testMatch)).toEqual(['whole/**/*.spec.ts', 'fault/**/*.spec.ts']);
  expect(projects[1]!.grep).toBe(OWN_RULE);
  expect(runFilePath(variant, false, 'auth.spec.ts')).toBe('whole/auth/variant-v-black-box.spec.ts');
  expect(runFilePath(fault, true, 'auth.spec.ts')).toBe('whole/auth/fault-f-mock.spec.ts');
});

test("every spec file gets a file per run that imports it afresh and names the run's target", () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-files-'));
  try {
    const specs = specFiles('tests');
    expect(specs).toContain('auth.spec.ts');
    expect(specs).toContain(join('properties', 'paging.spec.ts'));
    expect(writeRunFiles(dir, [{ ...variant, url: 'http://127.0.0.1:7' }], false)).toBe(specs.length);
    const text = readFileSync(join(dir, 'whole/auth/variant-v-black-box.spec.ts'), 'utf8');
    expect(text).toMatch(/import ".*\/tests\/auth\.spec\.ts\?run=variant-v-black-box";/);
    expect(text).toContain('"PG_TARGET":"sandbox","PG_BASE_URL":"http://127.0.0.1:7"');
    expect(text).toMatch(/test\.use\(runFixtures\(\{.*\}\)\);/);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).toEqual({ type: 'module' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a fault's own-rule run gets a file for each spec file that names its rule, and for no other", () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-files-'));
  try {
    const mentions = specFiles('tests').filter((spec) =>
      /\bTOK-8(?![0-9])/.test(readFileSync(join('tests', spec), 'utf8')),
    );
    expect(mentions).toContain(join('properties', 'masking.spec.ts'));
    expect(writeRunFiles(dir, [{ ...fault, url: 'http://127.0.0.1:7' }], false)).toBe(mentions.length);
    const written = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.spec.ts'));
    expect(written.sort()).toEqual(mentions.map((spec) => runFilePath(fault, false, spec)).sort());
    // With --full (and in the second pass) the fault's run is the whole suite.
    expect(writeRunFiles(dir, [{ ...fault, url: 'http://127.0.0.1:7' }], true)).toBe(specFiles('tests').length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
