import { expect, test } from '../testing/fixtures.js';
import {
  CONFIGURATION_SKIPS,
  controlApiSkipReason,
  TARGET_SKIPS,
  type SkipConfiguration,
} from '../config/configuration-skips.js';
import { loadRules } from '../catalogue/rules.js';
import { catalogueListing, catalogueListingText, type ListedRule } from './catalogue-listing.js';

const MOCK: SkipConfiguration = { target: 'mock', allowWrites: true, vendor: { vendorId: 1 }, webhookId: 'wh_1' };
const SANDBOX: SkipConfiguration = { target: 'sandbox', allowWrites: true, vendor: { vendorId: 1 }, webhookId: 'wh_1' };
const READ_ONLY_PRODUCTION: SkipConfiguration = {
  target: 'production',
  allowWrites: false,
  vendor: undefined,
  webhookId: undefined,
};

const listed = (config: SkipConfiguration, id: string): ListedRule =>
  catalogueListing(loadRules(), '1.0.0', config).rules.find((r) => r.id === id)!;

test('on the embedded mock every rule of the catalogue is checkable', () => {
  const listing = catalogueListing(loadRules(), '1.0.0', MOCK);
  expect(listing.rules.map((r) => r.id)).toEqual(loadRules().map((r) => r.id));
  expect(listing.rules.filter((r) => r.checkable !== 'yes')).toEqual([]);
});

test('a rule that needs the control API is not checkable on a sandbox, whatever is configured', () => {
  expect(listed(SANDBOX, 'HOOK-3')).toMatchObject({
    check: 'mock-control',
    checkable: 'no',
    why: ["needs the embedded mock's control API (PG_TARGET=mock); target is sandbox"],
  });
  expect(listed(SANDBOX, 'VAULT-2').checkable).toBe('yes');
  // TOK-2's stored side is read through the control API and its wallet updates go to the mock alone; its other
  // tests run everywhere.
  const why = [`some of its tests are skipped: ${controlApiSkipReason('sandbox')}`];
  expect(listed(SANDBOX, 'TOK-2')).toMatchObject({ checkable: 'in part', why });
  expect(listed(MOCK, 'TOK-2').checkable).toBe('yes');
});

test('read-only production: a rule every test of which writes is not checkable, one some tests of which write is checkable in part', () => {
  const tok8 = listed(READ_ONLY_PRODUCTION, 'TOK-8');
  expect(tok8).toMatchObject({ writingTests: 'all', checkable: 'no', why: [CONFIGURATION_SKIPS.writes.reason] });
  const auth1 = listed(READ_ONLY_PRODUCTION, 'AUTH-1');
  expect(auth1).toMatchObject({ writingTests: 'some', checkable: 'in part' });
  expect(auth1.why).toContain(`some of its tests are skipped: ${CONFIGURATION_SKIPS.writes.reason}`);
  expect(listed(READ_ONLY_PRODUCTION, 'VAULT-3')).toMatchObject({ writingTests: 'none', checkable: 'yes', why: [] });
  expect(listed({ ...READ_ONLY_PRODUCTION, allowWrites: true }, 'TOK-8').checkable).toBe('yes');
});

test('without integrator credentials or a webhook the rules that need them say which variable to set', () => {
  const none = { ...SANDBOX, vendor: undefined, webhookId: undefined };
  expect(listed(none, 'TOK-5')).toMatchObject({ checkable: 'no', why: [CONFIGURATION_SKIPS.vendor.reason] });
  expect(listed(none, 'HOOK-1').why).toContain(CONFIGURATION_SKIPS.webhook.reason);
  const err4 = listed(none, 'ERR-4');
  expect(err4).toMatchObject({
    checkable: 'in part',
    why: [`some of its tests are skipped: ${CONFIGURATION_SKIPS.webhook.reason}`],
  });
  // The mock hands out webhooks of its own: PG_WEBHOOK_ID is never needed there.
  expect(listed({ ...MOCK, webhookId: undefined }, 'HOOK-1').checkable).toBe('yes');
});

test('skips no variable lifts are listed too: unknown webhooks are never disabled in production', () => {
  expect(listed({ ...READ_ONLY_PRODUCTION, allowWrites: true, webhookId: 'wh_1' }, 'HOOK-2')).toMatchObject({
    checkable: 'no',
    why: [TARGET_SKIPS.unknownWebhookInProduction.reason],
  });
});

test('a known deviation is attached to its rule', () => {
  const mark = { rule: 'TOK-8', ticket: 'VEND-123', expires: '2026-12-20' };
  const listing = catalogueListing(loadRules(), '1.0.0', MOCK, { deviations: [mark] });
  expect(listing.rules.find((r) => r.id === 'TOK-8')!.knownDeviations).toEqual([mark]);
  expect(catalogueListingText(listing)).toContain('- known deviation VEND-123, until 2026-12-20');
});

test('the text names each rule with its section and sentence, and ends with the counts', () => {
  const text = catalogueListingText(catalogueListing(loadRules(), '1.0.0', READ_ONLY_PRODUCTION));
  const tok8 = loadRules().find((r) => r.id === 'TOK-8')!;
  expect(text).toContain(
    `TOK-8    section ${tok8.section}; black-box; writes; not checkable here\n         ${tok8.rule}`,
  );
  expect(text).toMatch(
    /\n[0-9]+ checkable here, [0-9]+ in part, [0-9]+ not\. Nothing was started and no request sent\.$/,
  );
});

test('--rule narrows what is listed, not the catalogue it belongs to', () => {
  const listing = catalogueListing(loadRules(), '1.0.0', MOCK, { only: ['TOK-8', 'AUTH-1'] });
  expect(listing.catalogue.rules).toBe(loadRules().length);
  expect(listing.rules.map((r) => r.id)).toEqual(['AUTH-1', 'TOK-8']);
  expect(catalogueListingText(listing)).toMatch(
    new RegExp(`\\(2 of ${loadRules().length} listed\\)\\. Nothing was started`),
  );
});
