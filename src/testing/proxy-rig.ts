import { test as base } from '@playwright/test';
import { keyVariables } from '../evidence/reproduce-line.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { startMock, type MockHandle } from '../mock/start.js';
import { ScriptedClient } from './scripted-client.js';
import { startSession, type Session } from '../proxy/session.js';

/** A mock (faults or variants as the test says), a proxy session in front of it, and the scripted client pointed at the proxy. */
export type ProxyRig = { mock: MockHandle; session: Session; client: ScriptedClient; lines: string[] };

export const test = base.extend<{ faults: string[]; variants: string[]; rig: ProxyRig }>({
  faults: [[], { option: true }],
  variants: [[], { option: true }],
  rig: async ({ faults, variants }, use) => {
    const mock = await startMock({ faults, variants });
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
    await use({ mock, session, client, lines });
    await session.proxy.close();
    await mock.close();
  },
});

export { expect } from '@playwright/test';
