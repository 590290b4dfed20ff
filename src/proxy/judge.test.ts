import { expect, test } from '../testing/fixtures.js';
import { newAchRequest, newCardRequest } from '../catalogue/request-builders.js';
import { judgeAnswers } from '../checks/registry.js';
import { MockControl } from '../transport/mock-control-client.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { startMock } from '../mock/start.js';
import { apiToken } from '../transport/auth.js';
import type { Exchange } from '../transport/exchange.js';
import { GatewayClient } from '../transport/gateway-client.js';
import { judge } from './judge.js';

/**
 * Faults that break a single-exchange rule of every family on the gateway's side, so the recorded answers
 * hold findings to compare, next to answers that keep their rules.
 */
const FAULTS = [
  'mask-last-four-only',
  'echo-fields-trimmed',
  'update-answers-new-card-id',
  'merchant-id-optional',
  'vault-page-size-count-plus-one',
  'vault-full-primary-card-number',
  'disable-empty-data-message',
  'tokenize-without-auth',
  'pg-failure-without-rmsg',
];

/** The answers of one session against the mock: each operation, well formed and not, as the suite sends them. */
async function recordedExchanges(faults: string[]): Promise<Exchange[]> {
  const mock = await startMock({ faults });
  try {
    const client = new GatewayClient(
      mock.url,
      { merchantKey: MOCK_DEFAULTS.apiKey, vendorKey: undefined },
      { allowWrites: true },
    );
    const merchant = MOCK_DEFAULTS.merchantId;
    const created = await client.tokenize(newCardRequest(merchant, { echo_fields: ' [{"a":"1"}] ' }));
    const cardId = String(created.json && (created.json as Record<string, unknown>).card_id);
    await client.tokenize(newCardRequest(merchant, { card_id: cardId, card_number: '5555555555554444' }));
    await client.tokenize(newCardRequest(merchant, { exp_date: '1329' }));
    await client.tokenize(newAchRequest(merchant, { tr_number: '12345' }));
    const { merchant_id: _omitted, ...noMerchant } = newCardRequest(merchant);
    await client.tokenize(noMerchant);
    await client.tokenize(newCardRequest(merchant), { authorization: undefined });
    await client.tokenize(newCardRequest(merchant), { authorization: `Bearer ${apiToken(MOCK_DEFAULTS.apiKey)}` });
    await client.tokenize(newCardRequest(merchant), { authorization: `basic ${apiToken(MOCK_DEFAULTS.apiKey)}` });
    await client.listCustomers({ count: 4, page: 0 });
    await client.listCustomers({ count: 4, page: 999 });
    await client.listCustomers({ page: 0 });
    await client.listCustomers({ count: 4, page: 0 }, { authorization: 'Basic !!not*base64!!' });
    const webhook = await new MockControl(mock.url).createWebhook('http://127.0.0.1:9/unused');
    await client.disableWebhook(webhook.webhook_id);
    await client.disableWebhook('wh_no_such_webhook');
    return client.exchanges;
  } finally {
    await mock.close();
  }
}

for (const faults of [[], FAULTS]) {
  const mock = faults.length ? 'faults' : 'a conformant mock';
  test(`the suite and the traffic proxy give the same findings on the same answers (${mock})`, async () => {
    const exchanges = await recordedExchanges(faults);
    const suite = judgeAnswers(exchanges);
    const proxy = exchanges.map((e) => judge(e, {})).filter((v) => v.judged);
    expect(proxy.map((v) => v.exchange)).toEqual([...suite.keys()]);
    for (const verdict of proxy) {
      const bySuite = suite.get(verdict.exchange)!;
      const byProxy = verdict.sides!.gateway;
      expect(bySuite.findings).toEqual(byProxy.findings);
      expect(bySuite.observations).toEqual(byProxy.observations);
      expect(bySuite.checked).toEqual(byProxy.checked);
    }
    const broken = [...new Set([...suite.values()].flatMap((t) => t.findings.map((f) => f.ruleId)))].sort();
    // Not a comparison of two empty lists: the faults' rules are found, and a conformant mock breaks none.
    expect(broken).toEqual(
      faults.length
        ? ['AUTH-1', 'ERR-1', 'ERR-5', 'HOOK-1', 'TOK-2', 'TOK-7', 'TOK-8', 'TOK-9', 'VAULT-2', 'VAULT-7']
        : [],
    );
  });
}
