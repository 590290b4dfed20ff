import { readFileSync } from 'node:fs';
import { expect, test } from '../../testing/fixtures.js';
import { FAULTS } from '../behaviours/faults.js';
import { VARIANTS } from '../behaviours/variants.js';
import { PLATFORM_CODES } from '../gateway/platform-codes.js';
import { VAULT_LIMITS } from '../gateway/vault/query.js';
import { generatedBlocks, regenerate } from './tables.js';

const manual = readFileSync(new URL('../../../docs/mock.md', import.meta.url), 'utf8');

test('docs/mock.md holds the generated tables of faults, variants and both code families', () => {
  expect(generatedBlocks(manual)).toEqual(['pg-codes', 'platform-codes', 'counts', 'faults', 'variants']);
});

test('the generated tables of docs/mock.md are what the code holds now (npm run docs:generate)', () => {
  expect(regenerate(manual)).toBe(manual);
});

test('docs/mock.md names every fault and variant with its rule', () => {
  for (const r of [...FAULTS, ...VARIANTS]) expect(manual, r.name).toContain(`| \`${r.name}\` | ${r.rule} |`);
});

test('a marker naming no generated table is refused, not skipped', () => {
  expect(() => regenerate('<!-- generated: nonesuch -->\n<!-- /generated -->')).toThrow(
    /unknown generated block "nonesuch"/,
  );
});

test('the vault limits in the code messages match the limits applied', () => {
  expect(PLATFORM_CODES.countInvalid.message).toContain(`1 to ${VAULT_LIMITS.maxCount}`);
  expect(PLATFORM_CODES.pageInvalid.message).toContain(`0 to ${VAULT_LIMITS.maxPage}`);
  expect(manual).toContain(`| \`count\` | ${VAULT_LIMITS.defaultCount} | whole number 1–${VAULT_LIMITS.maxCount} |`);
});
