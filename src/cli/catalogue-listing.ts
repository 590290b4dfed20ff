import { checkableOnTarget, type OnTarget, type SkipConfiguration } from '../config/configuration-skips.js';
import { needOf, type NeedsIn, type Rule } from '../catalogue/rules.js';
import { markText, type KnownDeviationMark } from '../reporters/known-deviations/known-deviation-mark.js';

/** One rule of `npm run conformance -- --list-rules`, as its --json prints it. */
export type ListedRule = {
  id: string;
  section: string;
  /** What a conformant gateway does, as the suite checks it. */
  rule: string;
  /** The document's own words the rule comes from. */
  source: string;
  check: Rule['check'];
  /** The catalogue's flag: checking the rule stores or changes data on a gateway that keeps it. */
  writes: boolean;
  /** Which of its tests write when run (and so are skipped on production without PG_ALLOW_WRITES=1): its `needs.writes`. */
  writingTests: NeedsIn | 'none';
  checkable: OnTarget['checkable'];
  /** Why it is not (fully) checkable on the configured target, with the variable that would change that. */
  why: string[];
  knownDeviations: KnownDeviationMark[];
};

export type CatalogueListing = {
  catalogue: { version: string; rules: number };
  target: string;
  rules: ListedRule[];
};

/**
 * The catalogue against the configured target; nothing is started and nothing is sent. `only` (--rule)
 * narrows what is listed, not the catalogue's count.
 */
export function catalogueListing(
  rules: readonly Rule[],
  version: string,
  config: SkipConfiguration,
  options: { deviations?: readonly KnownDeviationMark[]; only?: readonly string[] } = {},
): CatalogueListing {
  const deviations = options.deviations ?? [];
  const listed = options.only?.length ? rules.filter((r) => options.only!.includes(r.id)) : rules;
  return {
    catalogue: { version, rules: rules.length },
    target: config.target,
    rules: listed.map((r) => ({
      id: r.id,
      section: r.section,
      rule: r.rule,
      source: r.source,
      check: r.check,
      writes: r.writes,
      writingTests: needOf(r, 'writes'),
      ...checkableOnTarget(r, config),
      knownDeviations: deviations.filter((d) => d.rule === r.id),
    })),
  };
}

const CHECK_WORDS: Record<Rule['check'], string> = {
  'black-box': 'black-box',
  'mock-control': "needs the mock's control API",
};

const CHECKABLE_WORDS: Record<OnTarget['checkable'], string> = {
  yes: 'checkable here',
  'in part': 'checkable here in part',
  no: 'not checkable here',
};
const WRITES_WORDS: Record<ListedRule['writingTests'], string> = {
  all: 'writes',
  some: 'some tests write',
  none: 'reads only',
};

/** The listing as a person reads it: one block a rule, then how many are checkable here. */
export function catalogueListingText(listing: CatalogueListing): string {
  const width = Math.max(...listing.rules.map((r) => r.id.length));
  const { version, rules } = listing.catalogue;
  const lines = [`Rule catalogue ${version}: ${rules} rules, against the configured target (${listing.target})`, ''];
  for (const r of listing.rules) {
    const checkable = CHECKABLE_WORDS[r.checkable];
    lines.push(
      `${r.id.padEnd(width)}  section ${r.section}; ${CHECK_WORDS[r.check]}; ${WRITES_WORDS[r.writingTests]}; ${checkable}`,
    );
    lines.push(`${' '.repeat(width)}  ${r.rule}`);
    for (const why of r.why) lines.push(`${' '.repeat(width)}  - ${why}`);
    for (const d of r.knownDeviations) lines.push(`${' '.repeat(width)}  - ${markText(d)}`);
  }
  const count = (c: OnTarget['checkable']) => listing.rules.filter((r) => r.checkable === c).length;
  const of =
    listing.rules.length < listing.catalogue.rules
      ? ` (${listing.rules.length} of ${listing.catalogue.rules} listed)`
      : '';
  lines.push(
    '',
    `${count('yes')} checkable here, ${count('in part')} in part, ${count('no')} not${of}.` +
      ' Nothing was started and no request sent.',
  );
  return lines.join('\n');
}
