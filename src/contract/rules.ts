import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { parseYamlFile } from './yaml-cache.js';

export const RULES_PATH = fileURLToPath(new URL('../../spec/rules.yaml', import.meta.url));

export type Checkability = 'black-box' | 'mock-control';

export type Rule = {
  id: string;
  section: string;
  source: string;
  rule: string;
  check: Checkability;
  writes: boolean;
};

const FIELDS = ['id', 'section', 'source', 'rule', 'check', 'writes'] as const;
const ID_PATTERN = /^(AUTH|TOK|VAULT|HOOK|ERR)-[1-9][0-9]*$/;

/** Checks the catalogue's shape strictly, so a typo in rules.yaml fails loudly instead of hiding a rule. */
export function parseRules(text: string, source = 'spec/rules.yaml'): Rule[] {
  return checkRules(parse(text), source);
}

function checkRules(parsed: unknown, source: string): Rule[] {
  const doc = parsed as { rules?: unknown } | null;
  if (!doc || !Array.isArray(doc.rules)) throw new Error(`${source}: expected a top-level "rules" list`);
  const seen = new Set<string>();
  return doc.rules.map((raw: unknown, i: number) => {
    const where = `${source}: rules[${i}]`;
    if (!raw || typeof raw !== 'object') throw new Error(`${where} is not a mapping`);
    const entry = raw as Record<string, unknown>;
    const unknown = Object.keys(entry).filter((k) => !(FIELDS as readonly string[]).includes(k));
    if (unknown.length) throw new Error(`${where} has unknown keys: ${unknown.join(', ')}`);
    for (const key of ['id', 'section', 'source', 'rule'] as const) {
      if (typeof entry[key] !== 'string' || entry[key] === '') throw new Error(`${where}.${key} must be a non-empty string`);
    }
    const id = entry.id as string;
    if (!ID_PATTERN.test(id)) throw new Error(`${where}.id "${id}" must look like AUTH-1, TOK-2, VAULT-3, HOOK-4 or ERR-5`);
    if (seen.has(id)) throw new Error(`${where}.id "${id}" is used twice`);
    seen.add(id);
    if (entry.check !== 'black-box' && entry.check !== 'mock-control') {
      throw new Error(`${where}.check must be "black-box" or "mock-control"`);
    }
    if (typeof entry.writes !== 'boolean') throw new Error(`${where}.writes must be true or false`);
    return entry as Rule;
  });
}

let cached: Rule[] | undefined;

export function loadRules(): Rule[] {
  cached ??= checkRules(parseYamlFile(RULES_PATH), 'spec/rules.yaml');
  return cached;
}

export function ruleById(id: string): Rule {
  const rule = loadRules().find((r) => r.id === id);
  if (!rule) throw new Error(`rule ${id} is not in spec/rules.yaml`);
  return rule;
}
