import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { FAULTS } from './behaviours/faults.js';
import { PG_CODES } from './gateway/pg-codes.js';
import { PLATFORM_CODES } from './gateway/platform-codes.js';
import { VARIANTS } from './behaviours/variants.js';
import { VAULT_LIMITS } from './gateway/vault/query.js';

const manual = readFileSync(new URL('../../docs/mock.md', import.meta.url), 'utf8');
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test('docs/mock.md lists every code with the status and message the tables hold', () => {
  for (const [name, e] of Object.entries(PG_CODES))
    expect(manual, name).toContain(`| \`${e.rcode}\` | ${e.status} | ${name} | ${e.rmsg} |`);
  for (const [name, e] of Object.entries(PLATFORM_CODES))
    expect(manual, name).toContain(`| \`${e.code}\` | ${e.status} | ${name} | ${e.message} |`);
});

test('docs/mock.md names every fault and variant with its rule', () => {
  for (const r of [...FAULTS, ...VARIANTS]) expect(manual, r.name).toContain(`| \`${r.name}\` | ${r.rule} |`);
});

test('the vault limits in the code messages match the limits applied', () => {
  expect(PLATFORM_CODES.countInvalid.message).toContain(`1 to ${VAULT_LIMITS.maxCount}`);
  expect(PLATFORM_CODES.pageInvalid.message).toContain(`0 to ${VAULT_LIMITS.maxPage}`);
  expect(manual).toContain(`| \`count\` | ${VAULT_LIMITS.defaultCount} | whole number 1–${VAULT_LIMITS.maxCount} |`);
});

test('the README states how many faults and variations the mock holds, in one place', () => {
  expect(readme).toContain(`The mock holds **${FAULTS.length} faults and ${VARIANTS.length} variations**`);
});
