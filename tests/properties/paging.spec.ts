import fc from 'fast-check';
import {
  DESCENDING,
  STILL_ATTEMPTS,
  answerVerdict,
  askStill,
  customerIds,
  listingQuery,
  orderProblems,
  pageCap,
  PAST_THE_END,
  pastTheEndProblems,
  recordsOf,
  rejectionProblems,
  unservedPageProblems,
  vaultChangedObservation,
  walkSnapshot,
} from '../../src/checks/registry.js';
import {
  bodyField,
  rules,
  succeeded,
  test,
  notExercised,
  observe,
  type Exchange,
  type PropertyFinding,
} from '../fixtures.js';
import { WalkBudget } from '../walk-budget.js';
import { walkJudgements } from './walk-judgements.js';

/** Page sizes from the smallest through ones no fixed test uses, with larger ones rarer (a walk at count=1 is the longest). */
const LARGEST_COUNT = 1000;
const count = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 31, max: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom(1, 500, LARGEST_COUNT) },
);

/**
 * The same, plus sizes around the vault's own size: the last page boundary (a full first page and a short
 * last one) is where a gateway that caps or miscounts pages shows it, whatever size the target's vault is.
 */
function pageSizesFor(totalRecords: number): fc.Arbitrary<number> {
  // On a large vault a page its own size would be one huge answer: keep to the sizes drawn anyway.
  if (!Number.isInteger(totalRecords) || totalRecords < 2 || totalRecords > LARGEST_COUNT) return count;
  return fc.oneof(
    { weight: 2, arbitrary: count },
    { weight: 1, arbitrary: fc.integer({ min: Math.max(1, totalRecords - 5), max: totalRecords + 1 }) },
  );
}

test(
  'VAULT-2 VAULT-3 VAULT-4: for any page size, walking every page yields each customer once, in full pages',
  rules(['VAULT-2', 'VAULT-3', 'VAULT-4']),
  async ({ gateway, suite, property }, testInfo) => {
    const refused = new Set<number>();
    const moved = new Set<string>();
    const budget = new WalkBudget(testInfo.timeout);
    const size = await gateway.listCustomers(listingQuery(suite.merchant.merchantId, 1));
    await property(
      'VAULT-2..4 walks',
      pageSizesFor(Number(bodyField(size, 'totalRecords'))),
      async (n): Promise<PropertyFinding[]> => {
        // A page size not walked for want of time judges nothing (and the report says how many were not).
        if (!budget.allows()) return [];
        const walk = await walkSnapshot(gateway, listingQuery(suite.merchant.merchantId, n));
        budget.count(walk);
        const first = walk.pages[0]!;
        if (!succeeded(first) && n > 1) {
          // The maximum count per page is not shown: a refusal of a larger count is observed, and must read as a refusal.
          refused.add(n);
          return [
            {
              ruleId: 'VAULT-4',
              problems: rejectionProblems(first),
              expected: `page 0 served, or count=${n} cleanly refused`,
              exchanges: [first],
            },
          ];
        }
        // A walk that never held still, or whose cap it kept from being settled, judges nothing: the change is
        // observed.
        if (walk.moved) {
          moved.add(`count=${n}, ${walk.moved}`);
          return [];
        }
        const cap = await pageCap(walk, n, (m) => gateway.listCustomers(listingQuery(suite.merchant.merchantId, m)));
        if (cap && 'moved' in cap) {
          moved.add(`count=${n}, ${cap.moved}`);
          return [];
        }
        return walkJudgements(walk, cap?.size ?? n);
      },
      (n) => `count=${n}`,
    );
    if (budget.partial) {
      for (const id of ['VAULT-2', 'VAULT-3', 'VAULT-4'])
        observe(id, `generated page sizes: ${budget.summary()}`, {
          kind: 'walk-budget',
          value: budget.cut ? 'walks cut by the budget' : 'sampled walks',
        });
    }
    if (budget.cut)
      notExercised(
        'VAULT-4',
        `the ${Math.round(budget.ms / 1000)} s walk budget ran out: ${budget.cut} generated page sizes were ` +
          `not walked (a slow or rate-limited target; PG_GENERATED_RUNS, PG_MAX_RPS)`,
      );
    if (refused.size)
      observe(
        'VAULT-2',
        `counts refused: ${[...refused].sort((a, b) => a - b).join(', ')}; the maximum count per page is not shown`,
      );
    if (moved.size) {
      const seen = vaultChangedObservation('walks at generated page sizes', [...moved], STILL_ATTEMPTS);
      for (const id of ['VAULT-2', 'VAULT-3', 'VAULT-4']) observe(id, seen.text, seen.data);
    }
  },
);

const position = fc.record({
  count,
  page: fc.nat({ max: 40 }),
  past: fc.oneof(fc.nat({ max: 3 }), fc.integer({ min: 4, max: 2 ** 31 - 1 })),
});

test(
  'VAULT-5 VAULT-6: any page is in descending customer_id order after the one before it, and pages past the last are empty',
  rules(['VAULT-5', 'VAULT-6']),
  async ({ gateway, suite, property }) => {
    const pastFailures = new Set<string>();
    const moved = { 'VAULT-5': new Set<string>(), 'VAULT-6': new Set<string>() };
    const list = (n: number, page = 0) => gateway.listCustomers(listingQuery(suite.merchant.merchantId, n, page));
    await property(
      'VAULT-5 VAULT-6 pages',
      position,
      async ({ count: n, page, past }): Promise<PropertyFinding[]> => {
        const first = await list(n);
        if (!succeeded(first)) return []; // a refused count is judged by the walk property
        const totalPages = Number(bodyField(first, 'totalPages'));
        const judgements: PropertyFinding[] = [];
        if (totalPages > 0) {
          const at = Math.min(page, totalPages - 1);
          // Asked at once, as a client pages; compared only when both saw the same vault (askStill), since
          // customers another tester adds before page `at` move records of one page past the other's.
          const asked = await askStill(() =>
            Promise.all([list(n, at), ...(at + 1 < totalPages ? [list(n, at + 1)] : [])]),
          );
          const pair = asked.answers;
          if (asked.change) moved['VAULT-5'].add(`pages ${at} and ${at + 1} at count=${n}: ${asked.change}`);
          else {
            const ids = customerIds(pair.flatMap(recordsOf));
            const problems = [
              ...unservedPageProblems(pair, [at, at + 1]),
              ...orderProblems(ids).map((p) => `pages ${at} and ${at + 1} at count=${n}: ${p}`),
            ];
            judgements.push({
              ruleId: 'VAULT-5',
              problems,
              expected: `${DESCENDING}, across a page and the next`,
              exchanges: pair,
            });
          }
        }
        // Past the end of what page 0 says, and judged only where the page saw page 0's vault: a vault that grew
        // may have a page there now. A platform failure past the end carries no totals to compare, so page 0 is
        // read again after it.
        const pastOf = (zero: Exchange) => Math.max(Number(bodyField(zero, 'totalPages')), 1) + past;
        const asked = await askStill(async (attempt) => {
          const zero = attempt === 1 ? first : await list(n);
          if (!succeeded(zero)) return [zero];
          const beyond = await list(n, pastOf(zero));
          return succeeded(beyond) ? [zero, beyond] : [zero, beyond, await list(n)];
        });
        const [zero, beyond] = asked.answers;
        if (!beyond) return judgements;
        const pastPage = pastOf(zero!);
        if (asked.change) {
          moved['VAULT-6'].add(`page 0 and page ${pastPage} at count=${n}: ${asked.change}`);
          return judgements;
        }
        if (!succeeded(beyond)) {
          pastFailures.add(`HTTP ${beyond.status}`);
          // Only page 0 tells it is past the end. On an empty vault it judges nothing (there is no record it
          // could show).
          if (Number(bodyField(zero!, 'totalRecords')) > 0)
            judgements.push({
              ruleId: 'VAULT-6',
              problems: pastTheEndProblems(recordsOf(beyond).length, pastPage, Number(bodyField(zero!, 'totalPages'))),
              expected: PAST_THE_END,
              exchanges: [beyond],
            });
          return judgements;
        }
        // The registry's own VAULT-6 verdict on the answer, so a failing position shrinks to the smallest one; an
        // empty page past the end of an empty vault judges nothing (there is no record it could show).
        const verdict = answerVerdict(beyond, 'VAULT-6');
        if (verdict) judgements.push({ ruleId: 'VAULT-6', ...verdict, exchanges: [beyond] });
        return judgements;
      },
      ({ count: n, page, past }) => `count=${n}, page ${page} (or the last), ${past} pages past the end`,
    );
    for (const f of pastFailures)
      observe('VAULT-6', `a page past the end answered a failure (${f}); what it returns is not shown`);
    for (const [id, changes] of Object.entries(moved))
      if (changes.size) {
        const seen = vaultChangedObservation(
          id === 'VAULT-5' ? 'generated pages and the next' : 'generated pages past the end',
          [...changes],
          STILL_ATTEMPTS,
        );
        observe(id, seen.text, seen.data);
      }
  },
);
