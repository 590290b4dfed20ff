import { keyVariables } from '../../evidence/reproduce-line.js';
import { MOCK_DEFAULTS } from '../../mock/defaults.js';
import type { MockHandle } from '../../mock/start.js';
import { startSession, type Session } from '../../proxy/session.js';
import { ScriptedClient } from './scripted-client.js';

/** A mock, a proxy session in front of it, the scripted client pointed at the proxy, and what the proxy printed. */
export type ProxyRig = { mock: MockHandle; session: Session; client: ScriptedClient; lines: string[] };

/** Starts a proxy session in front of `mock` with the mock's own keys; the caller closes `session.proxy`. */
export async function proxyInFront(mock: MockHandle): Promise<ProxyRig> {
  const lines: string[] = [];
  const session = await startSession({
    upstream: mock.url,
    target: { kind: 'embedded mock', origin: mock.url },
    host: '127.0.0.1',
    port: 0,
    secrets: [MOCK_DEFAULTS.apiKey, MOCK_DEFAULTS.vendorApiKey],
    variables: keyVariables({ merchantKey: MOCK_DEFAULTS.apiKey, vendorKey: MOCK_DEFAULTS.vendorApiKey }),
    context: { vendor: { apiKey: MOCK_DEFAULTS.vendorApiKey, vendorId: MOCK_DEFAULTS.vendorId } },
    print: (line) => lines.push(line),
  });
  const client = new ScriptedClient(session.proxy.url, {
    merchantId: MOCK_DEFAULTS.merchantId,
    apiKey: MOCK_DEFAULTS.apiKey,
    webhookId: MOCK_DEFAULTS.webhookId,
  });
  return { mock, session, client, lines };
}
