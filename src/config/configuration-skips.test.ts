import { expect, test } from '../testing/fixtures.js';
import type { Rule } from '../catalogue/rules.js';
import {
  CONFIGURATION_SKIPS,
  controlApiSkipReason,
  skipBeforeTheTest,
  TARGET_SKIPS,
  type SkipConfiguration,
} from './configuration-skips.js';

const rule = (over: Partial<Rule>): Rule => ({
  id: 'TOK-90',
  section: '4.1',
  source: 's',
  rule: 'r',
  check: 'black-box',
  writes: false,
  ...over,
});
const BARE_PRODUCTION: SkipConfiguration = {
  target: 'production',
  allowWrites: false,
  vendor: undefined,
  webhookId: undefined,
};
const EVERYTHING_ON_THE_MOCK: SkipConfiguration = {
  target: 'mock',
  allowWrites: true,
  vendor: { vendorId: 1 },
  webhookId: undefined,
};

test('a test is skipped for what its rules need in every test, a target skip first since no variable lifts it', () => {
  const everything = rule({ check: 'mock-control', needs: { writes: 'all', vendor: 'all', unknown_webhook: 'all' } });
  expect(skipBeforeTheTest([everything], true, BARE_PRODUCTION)).toBe(TARGET_SKIPS.unknownWebhookInProduction.reason);
  const sandbox = { ...BARE_PRODUCTION, target: 'sandbox' };
  expect(skipBeforeTheTest([everything], true, sandbox)).toBe(CONFIGURATION_SKIPS.writes.reason);
  expect(skipBeforeTheTest([everything], true, { ...sandbox, allowWrites: true })).toBe(
    CONFIGURATION_SKIPS.vendor.reason,
  );
  expect(skipBeforeTheTest([everything], true, { ...sandbox, allowWrites: true, vendor: {} })).toBe(
    controlApiSkipReason('sandbox'),
  );
  expect(skipBeforeTheTest([everything], true, EVERYTHING_ON_THE_MOCK)).toBeUndefined();
});

test('a need in some tests of a rule skips none of them here: the test that needs it asks for it', () => {
  const some = rule({ needs: { vendor: 'some', control_api: 'some', unknown_webhook: 'some', webhook: 'all' } });
  expect(skipBeforeTheTest([some], false, BARE_PRODUCTION)).toBeUndefined();
  // Writes are the test's own: `rules()` marks it writing for a rule whose every test writes, or when it says so.
  expect(skipBeforeTheTest([some], true, BARE_PRODUCTION)).toBe(CONFIGURATION_SKIPS.writes.reason);
  expect(skipBeforeTheTest([some, rule({ id: 'TOK-91', needs: { vendor: 'all' } })], false, BARE_PRODUCTION)).toBe(
    CONFIGURATION_SKIPS.vendor.reason,
  );
});
