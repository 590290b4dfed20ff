import { SAMPLED_PAGES, type Walk } from '../src/checks/registry.js';
import { succeeded } from './fixtures.js';

/**
 * The share of a test's time-out its vault walks may start in; the rest is for the walks already in
 * flight to end and for the judging. On a remote target (90 s) that is 60 s, on the mock (30 s) 20 s.
 */
export const WALK_SHARE = 2 / 3;

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * A time budget for a test's vault walks: a big, slow or rate-limited vault gets the walks that fit, and
 * the report says how much of the vault they judged, instead of a test that runs out of time. A walk is
 * started only while the budget lasts; one started is finished (a sampled walk is SAMPLED_PAGES pages).
 */
export class WalkBudget {
  readonly ms: number;
  private readonly started = performance.now();
  /** Walks made and walks not started for want of time. */
  walks = 0;
  cut = 0;
  private pages = 0;
  private pagesThere = 0;
  private sampled = 0;
  private totalRecords = 0;
  private readonly seen = new Set<string>();

  constructor(testTimeoutMs: number) {
    this.ms = Math.round(testTimeoutMs * WALK_SHARE);
  }

  /** True while a new walk may start; false once the budget is spent (counted as a walk cut). */
  allows(): boolean {
    if (performance.now() - this.started <= this.ms) return true;
    this.cut++;
    return false;
  }

  /** A walk made; one whose page 0 was refused (a count over a maximum) paged nothing and is not counted. */
  count(walk: Walk): void {
    if (!succeeded(walk.pages[0]!)) return;
    this.walks++;
    this.pages += walk.pages.length;
    if (Number.isInteger(walk.totalPages)) this.pagesThere += Math.max(walk.totalPages, walk.pages.length);
    if (!walk.complete) this.sampled++;
    if (Number.isInteger(walk.totalRecords)) this.totalRecords = Math.max(this.totalRecords, walk.totalRecords);
    for (const r of walk.records) this.seen.add(String(r.customer_id));
  }

  /** Anything to say: a walk was sampled or cut. */
  get partial(): boolean {
    return this.cut > 0 || this.sampled > 0;
  }

  /** "9 of 25 walks made: 108 of 7400 pages (2000 of 5000 records) judged within the 60 s walk budget; …" */
  summary(): string {
    const made = this.cut
      ? `${this.walks} of ${this.walks + this.cut} walks made, the rest not started`
      : `${this.walks} walks made`;
    const sampled = this.sampled
      ? `; ${this.sampled} of them on a vault too large to walk whole, judged on ${SAMPLED_PAGES} pages each`
      : '';
    return (
      `${made}: ${this.pages} of ${this.pagesThere} pages (${this.seen.size} of ${this.totalRecords} ` +
      `records) judged within the ${seconds(this.ms)} walk budget${sampled}`
    );
  }
}
