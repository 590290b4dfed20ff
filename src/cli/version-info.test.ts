import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '../testing/fixtures.js';
import { loadCatalogueVersion, loadRules } from '../catalogue/rules.js';
import { catalogueOf } from '../reporters/model/run-identity.js';
import { versionInfo, versionText } from './version-info.js';

test('--version names the package, the catalogue and the sha256 of both spec files', () => {
  const info = versionInfo();
  expect(info.package).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
  expect(info.catalogue).toEqual({ version: loadCatalogueVersion(), ...catalogueOf(loadRules()) });
  const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
  expect(info.files).toEqual([
    { path: 'spec/openapi.yaml', sha256: sha('spec/openapi.yaml') },
    { path: 'spec/rules.yaml', sha256: sha('spec/rules.yaml') },
  ]);
  expect(versionText(info).split('\n')).toEqual([
    `gateway-conformance ${info.package}`,
    `rule catalogue ${info.catalogue.version} (${loadRules().length} rules; rules hash ${info.catalogue.hash}, ` +
      "as conformance.json's catalogue.hash)",
    `sha256 ${sha('spec/openapi.yaml')}  spec/openapi.yaml`,
    `sha256 ${sha('spec/rules.yaml')}  spec/rules.yaml`,
  ]);
});

test('the catalogue carries a version of its own', () => {
  expect(loadCatalogueVersion()).toMatch(/^[0-9]+\.[0-9]+\.[0-9]+$/);
});
