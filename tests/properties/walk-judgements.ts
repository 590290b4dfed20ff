import {
  pageSizeExpected,
  pageSizeProblems,
  pageTotalsExpected,
  pageTotalsProblems,
  recordsOf,
  unservedPageProblems,
  walkCoverageProblems,
  type Walk,
} from '../../src/checks/registry.js';
import { succeeded, type PropertyFinding } from '../fixtures.js';

/** VAULT-2, -3 and -4 on one complete walk at `count`: page sizes, totals on every page, each record once. */
export function walkJudgements(walk: Walk, count: number): PropertyFinding[] {
  // An empty vault gives a walk nothing to judge, and one that moved under it (a shared sandbox) proves
  // nothing about paging: neither is judged, so neither passes nor fails (tests/vault.spec.ts says why).
  if (walk.moved || (walk.totalRecords === 0 && walk.records.length === 0)) return [];
  const failed = walk.pages.filter((p) => !succeeded(p));
  const expectedPages = Math.ceil(walk.totalRecords / count);
  const sizes: string[] = [];
  const totals: string[] = [];
  walk.pages.forEach((page, at) => {
    const index = walk.pageNumbers[at]!;
    const size = recordsOf(page).length;
    // A failed page holds no records to size and no totals to compare: its failure is VAULT-4's.
    if (succeeded(page) || size > count) sizes.push(...pageSizeProblems(index, size, count, walk.totalPages - 1));
    if (succeeded(page)) totals.push(...pageTotalsProblems(page, index, walk, expectedPages, count));
  });
  const coverage = [
    ...unservedPageProblems(walk.pages, walk.pageNumbers),
    ...walkCoverageProblems(
      walk.records.map((r) => r.customer_id),
      walk.totalRecords,
      walk.complete,
    ),
  ];
  const sample = [walk.pages[0]!, ...(walk.pages.length > 1 ? [walk.pages.at(-1)!] : [])];
  return [
    {
      ruleId: 'VAULT-2',
      problems: sizes,
      expected: pageSizeExpected(count),
      exchanges: sample,
    },
    {
      ruleId: 'VAULT-3',
      problems: totals,
      expected: pageTotalsExpected(expectedPages),
      exchanges: sample,
    },
    {
      ruleId: 'VAULT-4',
      problems: coverage,
      expected: 'every page 0 … totalPages-1 answers code 0 and holds every record exactly once',
      exchanges: [...failed.slice(0, 1), ...sample],
    },
  ];
}
