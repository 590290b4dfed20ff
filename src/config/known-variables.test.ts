import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { PROJECT_SET_VARIABLES, closestKnown, KNOWN_VARIABLES, unknownVariableWarnings } from './known-variables.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

test('every PG_ and MOCK_ variable the source reads is a known one, so it is never warned about', () => {
  const files = [...['src', 'scripts', 'tests', 'bench'].flatMap(sources), 'playwright.config.ts'];
  const read = new Set(
    files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/(?:env\??\.|['"`])((?:PG|MOCK)_[A-Z0-9_]+)\b/g)].map((m) => m[1]!),
    ),
  );
  expect([...read].filter((name) => !KNOWN_VARIABLES.includes(name))).toEqual([]);
});

test('a misspelt variable is warned about with the closest known name, and its value never printed', () => {
  const warnings = unknownVariableWarnings({
    PG_ALLOW_WRITE: '1',
    PG_WEBHOOKID: 'wh_secret_value',
    MOCK_CUSTOMER: '9',
    PG_TARGET: 'sandbox',
    HOME: '/root',
  });
  expect(warnings).toEqual([
    'Warning: MOCK_CUSTOMER is not a variable this suite reads; did you mean MOCK_CUSTOMERS? (it is ignored)',
    'Warning: PG_ALLOW_WRITE is not a variable this suite reads; did you mean PG_ALLOW_WRITES? (it is ignored)',
    'Warning: PG_WEBHOOKID is not a variable this suite reads; did you mean PG_WEBHOOK_ID? (it is ignored)',
  ]);
  expect(warnings.join('\n')).not.toContain('wh_secret_value');
});

test('closest known names: swapped letters and a wrong prefix still find it; an unrelated name finds none', () => {
  expect(closestKnown('PG_API_KYE')).toBe('PG_API_KEY');
  expect(closestKnown('PG_BASEURL')).toBe('PG_BASE_URL');
  expect(closestKnown('PG_MAXRPS')).toBe('PG_MAX_RPS');
  expect(closestKnown('PG_VENDOR_APIKEY')).toBe('PG_VENDOR_API_KEY');
  expect(closestKnown('PG_SOMETHING_ELSE_ENTIRELY')).toBeUndefined();
  expect(unknownVariableWarnings({ PG_SOMETHING_ELSE_ENTIRELY: 'x' })).toEqual([
    'Warning: PG_SOMETHING_ELSE_ENTIRELY is not a variable this suite reads (it is ignored; see .env.example for the ones it does)',
  ]);
});

test('every variable a user sets is documented in README.md or docs/mock.md', () => {
  const docs = readFileSync('README.md', 'utf8') + readFileSync('docs/mock.md', 'utf8');
  const internal = PROJECT_SET_VARIABLES;
  expect(KNOWN_VARIABLES.filter((name) => !internal.includes(name) && !docs.includes(`\`${name}\``))).toEqual([]);
});

test('.env.example names every variable a user sets, as its header promises', () => {
  const example = readFileSync('.env.example', 'utf8');
  const internal = PROJECT_SET_VARIABLES;
  expect(
    KNOWN_VARIABLES.filter((name) => !internal.includes(name) && !new RegExp(`^(# ?)?${name}=`, 'm').test(example)),
  ).toEqual([]);
});
