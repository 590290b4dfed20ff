import { expect, test } from '@playwright/test';
import { VARIANTS } from '../mock/behaviours/variants.js';
import { plan } from './plan.js';

test('a variation run only by name is left out of the whole plan and run, in both modes, when named', () => {
  const byName = (VARIANTS as readonly { name: string; onlyByName?: string }[])
    .filter((v) => v.onlyByName)
    .map((v) => v.name);
  expect(byName).toContain('big-busy-sandbox');
  expect(plan().filter((r) => byName.includes(r.name))).toEqual([]);
  expect(plan((e) => e.name === 'big-busy-sandbox').map((r) => r.id)).toEqual([
    'variant:big-busy-sandbox:mock',
    'variant:big-busy-sandbox:black-box',
  ]);
});
