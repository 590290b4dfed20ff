import { fieldGroups, groupKey, type FieldGroup, type Side } from '../../coverage/coverage-fields.js';
import { addTally, emptyTally, type Tally } from '../../coverage/coverage-tally.js';

/**
 * The coverage section of the reports: the document-level counterpart of the per-rule "judged" counts.
 * Per operation, each documented request field and query parameter (sent? accepted?) and each documented
 * response field (seen? how often? in which JSON types?); a field never exercised says why and what
 * would change that.
 */
export type FieldCoverage = {
  operation: string;
  side: Side;
  /** The object that holds the field: "request body", "query", "envelope", "customer", "billing card", … */
  group: string;
  field: string;
  /** The documented type, from spec/openapi.yaml. */
  type: string;
  exercised: boolean;
  /** Request fields and query parameters: requests that carried it, and how many of those were accepted. */
  sent?: number;
  accepted?: number;
  /** Response fields: times seen, by JSON type. */
  seen?: number;
  types?: Record<string, number>;
  /** Why it was not exercised, and what would change that. */
  why?: string;
};

export type Coverage = { exercised: number; total: number; fields: FieldCoverage[] };

/** Folds the coverage each test of the run recorded into one tally. */
export class CoverageCollector {
  private readonly tally = emptyTally();
  private tests = 0;

  collect(tally: Tally | undefined): void {
    if (!tally) return;
    addTally(this.tally, tally);
    this.tests++;
  }

  /** Undefined when no test recorded coverage (a report merged from runs before it existed). */
  coverage(): Coverage | undefined {
    return this.tests ? coverageOf(this.tally) : undefined;
  }
}

const plural = (label: string) => (label.endsWith('s') ? `${label}es` : `${label}s`);

/** What to create on the target so a group's objects show up, by group label. */
const CREATE: Record<string, string> = {
  customer: 'add customers to the vault (the manager portal)',
  'shipping address': 'give a customer of the vault a shipping address',
  'billing card': 'give a customer of the vault a billing card',
  data: 'let the run disable an active webhook (PG_WEBHOOK_ID, enabled again before the run)',
};

const NO_REQUEST: Record<string, string> = {
  tokenize:
    'no tokenize request was sent (production runs without PG_ALLOW_WRITES=1 send none, as do runs filtered to other rules)',
  listCustomers: 'no vault listing was sent (a run filtered to other rules)',
  disableWebhook: 'no disable was sent',
};

const NO_ANSWER: Record<string, string> = {
  tokenize: 'no tokenize answer was received (production runs without PG_ALLOW_WRITES=1 send none)',
  listCustomers: 'no vault listing was answered',
  disableWebhook: 'no disable was answered (PG_WEBHOOK_ID unset, or production without PG_ALLOW_WRITES=1)',
};

function parentOf(group: FieldGroup, groups: FieldGroup[]): FieldGroup | undefined {
  return groups
    .filter(
      (g) =>
        g.operation === group.operation &&
        g.side === group.side &&
        g.path.length < group.path.length &&
        group.path.slice(0, g.path.length).join('.') === g.path.join('.'),
    )
    .sort((a, b) => b.path.length - a.path.length)[0];
}

function whyNotSent(group: FieldGroup, field: string, requests: number): string {
  if (!requests) return NO_REQUEST[group.operation] ?? `no ${group.operation} request was sent`;
  if (field === 'vendor_id')
    return `none of the ${requests} tokenize requests sent it: only an integrator sends vendor_id (set PG_VENDOR_ID and PG_VENDOR_API_KEY)`;
  return `none of the ${requests} ${group.operation} ${requests === 1 ? 'request' : 'requests'} sent it`;
}

function notAccepted(group: FieldGroup, sent: number): string {
  const requests = `${sent} ${group.operation} ${sent === 1 ? 'request' : 'requests'}`;
  return (
    `sent in ${requests}, none of them accepted: a field counts once a request carrying it is served ` +
    '(see the rules that failed or were not exercised)'
  );
}

/** Why no object of a group was seen: the first group up its path that was seen and held none, or no answer at all. */
function whyNoObjects(group: FieldGroup, tally: Tally, groups: FieldGroup[]): string {
  const parent = parentOf(group, groups);
  if (!parent) return NO_ANSWER[group.operation] ?? `no ${group.operation} answer was received`;
  const parents = tally.objects[groupKey(parent)] ?? 0;
  // The cause is further up (no customers at all): say that, and what each should hold.
  if (!parents) return `${whyNoObjects(parent, tally, groups)}, each with a ${group.label}`;
  const where =
    group.label === 'customer'
      ? `the vault listings held no customer records (${parents} ${parents === 1 ? 'listing' : 'listings'} answered)`
      : `none of the ${parents} ${parents === 1 ? parent.label : plural(parent.label)} seen held a ${group.label}`;
  const create = CREATE[group.label];
  return create ? `${where}: ${create}` : where;
}

function whyNotSeen(group: FieldGroup, field: string, tally: Tally, groups: FieldGroup[]): string {
  const objects = tally.objects[groupKey(group)] ?? 0;
  if (!objects) return whyNoObjects(group, tally, groups);
  const create = CREATE[group.label];
  const hint = create ? `; ${create} with ${field} filled in` : '';
  return `none of the ${objects} ${objects === 1 ? group.label : plural(group.label)} seen carried it${hint}`;
}

export function coverageOf(tally: Tally): Coverage {
  const groups = fieldGroups();
  const fields: FieldCoverage[] = [];
  for (const group of groups) {
    const key = groupKey(group);
    for (const f of group.fields) {
      const base = { operation: group.operation, side: group.side, group: group.label, field: f.name, type: f.type };
      if (group.side === 'response') {
        const types = tally.seen[`${key}|${f.name}`];
        const seen = types ? Object.values(types).reduce((a, b) => a + b, 0) : 0;
        fields.push(
          seen
            ? { ...base, exercised: true, seen, types }
            : { ...base, exercised: false, seen: 0, why: whyNotSeen(group, f.name, tally, groups) },
        );
      } else {
        const [sent, accepted] = tally.sent[`${key}|${f.name}`] ?? [0, 0];
        // Exercised only when the gateway served a request carrying it: a field sent only in refused requests
        // (a wrong key, a malformed value) shows nothing of what the gateway does with it.
        if (accepted) fields.push({ ...base, exercised: true, sent, accepted });
        else {
          const why = sent ? notAccepted(group, sent) : whyNotSent(group, f.name, tally.objects[key] ?? 0);
          fields.push({ ...base, exercised: false, sent, accepted, why });
        }
      }
    }
  }
  return { exercised: fields.filter((f) => f.exercised).length, total: fields.length, fields };
}

/** The figure that joins the verdict line. */
export function coverageFigure(c: Coverage): string {
  return `fields: ${c.exercised} of ${c.total} exercised`;
}

const typesText = (types: Record<string, number> | undefined) =>
  Object.entries(types ?? {})
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');

/** One field's outcome in words, the same in markdown and on the page. */
export function fieldDetail(f: FieldCoverage): string {
  if (!f.exercised) return `not exercised: ${f.why ?? ''}`;
  if (f.side === 'response') return `seen ${f.seen === 1 ? 'once' : `${f.seen} times`} (${typesText(f.types)})`;
  return `sent in ${f.sent} ${f.sent === 1 ? 'request' : 'requests'}, ${f.accepted} accepted`;
}

export const COVERAGE_INTRO =
  'Each field and query parameter the document lists, per operation: whether the run sent it in a request ' +
  'the gateway accepted (request side; sent only in refused requests is not exercised), or how often it was seen and in which ' +
  'JSON types (response side). A field never exercised says why and what to create on the target.';

/** --baseline: fields the baseline exercised that this run did not (coverage that went down). */
export function coverageDown(baseline: Coverage | undefined, current: Coverage | undefined): string[] {
  if (!baseline || !current) return [];
  const now = new Map(current.fields.map((f) => [`${f.operation} ${f.side} ${f.group} ${f.field}`, f]));
  const lost = baseline.fields
    .filter((f) => f.exercised)
    .map((f) => now.get(`${f.operation} ${f.side} ${f.group} ${f.field}`))
    .filter((f): f is FieldCoverage => !!f && !f.exercised)
    .map(
      (f) => `${f.operation} ${f.side === 'response' ? `answer ${f.group}` : f.group} ${f.field}: ${fieldDetail(f)}`,
    );
  const figure =
    current.exercised < baseline.exercised
      ? [`${coverageFigure(current)} (was ${baseline.exercised} of ${baseline.total})`]
      : [];
  return [...figure, ...lost];
}
