import { join, relative } from 'node:path';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';
import type { ListedTest } from './rules-map.js';

/**
 * The tests of Playwright's JSON report of `playwright test --list`: each with its file from `root` (the
 * repository), its title path after the file joined as Playwright prints it (`describe › title`), and its
 * tags without the `@`. The report's own fields are read, never the list printed for people.
 */
export function listedTests(report: JSONReport, root: string): ListedTest[] {
  if (report.errors.length) {
    const first = report.errors[0]!;
    throw new Error(`playwright test --list could not load the tests: ${first.message ?? first.value ?? 'no message'}`);
  }
  const found: ListedTest[] = [];
  const walk = (suite: JSONReportSuite, path: readonly string[]) => {
    for (const spec of suite.specs) {
      found.push({
        file: relative(root, join(report.config.rootDir, spec.file)),
        title: [...path, spec.title].join(' › '),
        tags: spec.tags.map((t) => t.replace(/^@/, '')),
      });
    }
    for (const inner of suite.suites ?? []) walk(inner, [...path, inner.title]);
  };
  // A top-level suite is a file: its title is the file's name, which `file` already says.
  for (const file of report.suites) walk(file, []);
  return found;
}
