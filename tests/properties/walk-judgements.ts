import { bodyField, succeeded } from '../../src/transport/exchange.js';
import type { Judgement } from '../../src/generate/property.js';
import { recordsOf, type Walk } from '../vault-pages.js';

/** VAULT-2, -3 and -4 on one complete walk at `count`: page sizes, totals on every page, each record once. */
export function walkJudgements(walk: Walk, count: number): Judgement[] {
  // An empty vault gives a walk nothing to judge, and one that moved under it (a shared sandbox) proves
  // nothing about paging: neither is judged, so neither passes nor fails (tests/vault.spec.ts says why).
  if (walk.moved || (walk.totalRecords === 0 && walk.records.length === 0)) return [];
  const failed = walk.pages.filter((p) => !succeeded(p));
  const sizes: string[] = [];
  const totals: string[] = [];
  const expectedPages = Math.ceil(walk.totalRecords / count);
  walk.pages.forEach((page, at) => {
    const index = walk.pageNumbers[at]!;
    const size = recordsOf(page).length;
    const isLast = index === walk.totalPages - 1;
    if (size > count) sizes.push(`page ${index} holds ${size} records`);
    else if (!isLast && size !== count && succeeded(page))
      sizes.push(`page ${index} (not the last) holds ${size} records`);
    const pages = Number(bodyField(page, 'totalPages'));
    if (!(pages === expectedPages || (walk.totalRecords === 0 && pages === 1)))
      totals.push(`page ${index} says totalPages ${pages} for totalRecords ${walk.totalRecords}`);
    if (pages !== walk.totalPages || Number(bodyField(page, 'totalRecords')) !== walk.totalRecords)
      totals.push(`page ${index} reports other totals than page 0`);
  });
  const coverage = failed.map((p) => `a page answered HTTP ${p.status} without code 0`);
  if (walk.complete) {
    const ids = walk.records.map((r) => r.customer_id);
    if (ids.length !== walk.totalRecords)
      coverage.push(`the pages hold ${ids.length} records, totalRecords is ${walk.totalRecords}`);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (repeated.length) coverage.push(`${repeated.length} customers on more than one page`);
  }
  const sample = [walk.pages[0]!, ...(walk.pages.length > 1 ? [walk.pages.at(-1)!] : [])];
  return [
    {
      ruleId: 'VAULT-2',
      problems: sizes,
      expected: `at most ${count} records a page, exactly ${count} on every page but the last`,
      exchanges: sample,
    },
    {
      ruleId: 'VAULT-3',
      problems: totals,
      expected: `totalPages = ceil(totalRecords / count) = ${expectedPages}, the same on every page`,
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
