import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCatalogueVersion, loadRules } from '../catalogue/rules.js';
import { catalogueOf } from '../reporters/model/run-identity.js';

const ROOT = new URL('../../', import.meta.url);
/** The files that say what the suite judges against: the interface as OpenAPI, and the rule catalogue. */
export const SPEC_FILES = ['spec/openapi.yaml', 'spec/rules.yaml'] as const;

export type VersionInfo = {
  package: string;
  catalogue: { version: string; rules: number; hash: string };
  /** sha256 of each file's bytes, as `sha256sum` prints it. */
  files: { path: string; sha256: string }[];
};

export function versionInfo(): VersionInfo {
  const read = (path: string) => readFileSync(fileURLToPath(new URL(path, ROOT)));
  const pkg = JSON.parse(read('package.json').toString('utf8')) as { version: string };
  return {
    package: pkg.version,
    // The hash is the one conformance.json records as catalogue.hash: a report says which catalogue judged it.
    catalogue: { version: loadCatalogueVersion(), ...catalogueOf(loadRules()) },
    files: SPEC_FILES.map((path) => ({ path, sha256: createHash('sha256').update(read(path)).digest('hex') })),
  };
}

export function versionText(info: VersionInfo): string {
  return [
    `gateway-conformance ${info.package}`,
    `rule catalogue ${info.catalogue.version} (${info.catalogue.rules} rules; rules hash ${info.catalogue.hash}, ` +
      "as conformance.json's catalogue.hash)",
    ...info.files.map((f) => `sha256 ${f.sha256}  ${f.path}`),
  ].join('\n');
}
