import { faithfulSeams } from '../gateway/faithful.js';
import type { Credentials } from '../gateway/credentials.js';
import { familyOf } from '../../catalogue/spec.js';
import { isGatewayPath } from '../gateway/errors.js';
import type { Changes, Seams } from '../gateway/seams.js';
import { TOKENIZE_FORMATS } from '../gateway/tokenize/request.js';
import type { HttpApp, HttpReply, HttpRequest } from '../http/app.js';
import { seededCustomer } from '../state/customers.js';
import type { ActiveBehaviours, Behaviour, Env, RegistryEntry, Wire } from './behaviour.js';
import { FAULTS } from './faults.js';
import { VARIANTS } from './variants.js';

type Body = Record<string, unknown>;

/**
 * How the behaviours that are on enter a server: each wraps the step of its seam, changes records and
 * answers in registry order, and installs its link hooks. Names are checked first (unknownNames).
 */

/** Problems with a list of fault or variant names; unknown names are listed with the known ones. */
export function unknownNames(kind: 'fault' | 'variant', names: readonly string[], label: string): string[] {
  const registry: readonly RegistryEntry[] = kind === 'fault' ? FAULTS : VARIANTS;
  const known = registry.map((r) => r.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (!unknown.length) return [];
  return [
    `${label}: unknown ${kind}${unknown.length > 1 ? 's' : ''} ` +
      `${unknown.map((n) => `"${n}"`).join(', ')}; known ${kind}s: ${known.join(', ') || '(none)'}`,
  ];
}

/**
 * The gateway's steps with these behaviours applied: each wraps the step before it, in registry order (faults
 * first). Names must already be checked with unknownNames.
 */
export function buildBehaviours(
  credentials: Credentials,
  faults: readonly string[],
  variants: readonly string[],
): ActiveBehaviours {
  const all: readonly Behaviour[] = [...FAULTS, ...VARIANTS];
  const on = new Set([...faults, ...variants]);
  const active = all.filter((b) => on.has(b.name));
  const records = active.flatMap((u) => (u.record ? [u.record] : []));
  const recordAt = (index: number) => {
    const { record, cardNumbers } = seededCustomer(index);
    for (const change of records) change(record, cardNumbers);
    return record;
  };
  const env: Env = { credentials, customer: recordAt };
  const formats = active.reduce((f, u) => (u.formats ? u.formats(f) : f), TOKENIZE_FORMATS);
  const seams: Seams = faithfulSeams(
    credentials,
    () => formats,
    () => seams,
  );
  for (const behaviour of active) {
    for (const name of Object.keys(seams) as (keyof Seams)[]) {
      const around = behaviour[name] as ((next: unknown, env: Env) => never) | undefined;
      if (around) (seams as Record<string, unknown>)[name] = around(seams[name], env);
    }
  }
  const changes: Changes = {
    answer: active.flatMap((u) => (u.answer ? [(a, c) => u.answer!(a, c, env)] : [])),
    failure: active.flatMap((u) => (u.failure ? [(a, c) => u.failure!(a, c, env)] : [])),
  };
  return { seams, changes, wire: active.flatMap((u) => (u.wire ? [u.wire] : [])), recordAt };
}

/**
 * Installs the link behaviours that are on as Fastify hooks: one preSerialization hook for body changes
 * (on a copy) and one onSend hook for headers, each only when some behaviour needs it.
 */
export function installWire(app: HttpApp, wire: readonly Wire[], credentials: Credentials): void {
  const bodies = wire.flatMap((w) => (w.body ? [w.body] : []));
  const sends = wire.flatMap((w) => (w.sent ? [w.sent] : []));
  const arrivals = wire.flatMap((w) => (w.arrive ? [w.arrive] : []));
  if (bodies.length) {
    app.addHook('preSerialization', async (request: HttpRequest, _reply: HttpReply, payload: unknown) => {
      if (!isGatewayPath(request.url) || payload === null || typeof payload !== 'object' || Array.isArray(payload))
        return payload;
      const family = familyOf(request.url);
      let body = structuredClone(payload) as Body;
      for (const change of bodies) body = change(body, family, request) ?? body;
      return body;
    });
  }
  if (sends.length) {
    app.addHook('onSend', async (request: HttpRequest, reply: HttpReply, payload: unknown) => {
      if (!isGatewayPath(request.url)) return payload;
      let text = payload;
      for (const change of sends) text = change(reply, request, text) ?? text;
      return text;
    });
  }
  for (const w of wire) w.install?.(app, credentials);
  for (const arrive of arrivals) {
    app.addHook('onRequest', async (request: HttpRequest) => {
      if (isGatewayPath(request.url)) await arrive(request);
    });
  }
}
