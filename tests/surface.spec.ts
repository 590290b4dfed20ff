import { randomUUID } from 'node:crypto';
import {
  attributeRefusal,
  documentedFieldsTaken,
  everyParameterServed,
  listingQuery,
  rcodeAndStatus,
} from '../src/checks/registry.js';
import {
  atOnce,
  bodyField,
  recordConfigurationProblem,
  rules,
  succeeded,
  test,
  wrappedInQuotes,
  countJudged,
  notExercised,
  observe,
  verify,
  type GatewayClient,
  type ResolvedConfig,
} from './fixtures.js';
import {
  ACCOUNT_FIELDS,
  DEFAULT_TEST_CARD,
  accountFieldValues,
  fieldGroups,
  futureExpiry,
  madeUpValueRefused,
  quotedValueRefused,
  newAchRequest,
  newCardRequest,
  newWalletRequest,
  type AccountField,
  type TokenizeRequest,
} from './inputs.js';

/**
 * The document's whole request surface: every field of section 2.1 and every query parameter of 4.2 is
 * sent, as documented, in a request of its kind. The reports' coverage section shows what was sent.
 */

/**
 * The merchant/integrator and response-configuration groups of section 2.1, which go with any kind.
 * profile_id, loc_id and user_id are the merchant's own where configured, else made up (account-fields.ts).
 */
function anyKindFields(account: Record<AccountField, string | number>): Partial<TokenizeRequest> {
  return {
    profile_id: String(account.profile_id),
    developer_id: 'gateway-conformance/0.1.0',
    loc_id: String(account.loc_id),
    single_use: true,
    echo_fields: '[{"order":"CONF-11"},{"lane":"2"}]',
    session_id: `conformance-${randomUUID()}`,
    user_id: Number(account.user_id),
    report_data: '[{"invoice":"CONF-11"}]',
  };
}

/** Track 1 of the default published test card: the expiry YYMM, as tracks hold it. */
function testTrack1(): string {
  const mmyy = futureExpiry();
  return `%B${DEFAULT_TEST_CARD}^TEST/CONFORMANCE^${mmyy.slice(2)}${mmyy.slice(0, 2)}1010000000000000000?`;
}

type Kind = {
  name: string;
  /** The kind's request with the fields it cannot go without (which those are is not shown: a refusal is observed). */
  base: (merchantId: string) => TokenizeRequest;
  /** The rest of the kind's own group. */
  more: Partial<TokenizeRequest>;
  /** Why a refusal of this kind is observed rather than judged, on this target; undefined when it is judged. */
  observedBecause: (target: string) => string | undefined;
};

const FORGED_WALLET = 'a wallet payload cannot be forged for a real target (as for TOK-4)';

const KINDS: Kind[] = [
  {
    name: 'card',
    base: (m) => newCardRequest(m),
    more: { avs_address: '1 Main Street', email_address: ['conformance@example.com'], client_ip: '192.0.2.10' },
    observedBecause: () => undefined,
  },
  {
    name: 'card swipe',
    base: (m) => ({ merchant_id: m, card_swipe: testTrack1() }),
    more: { cvv2: '123', avs_zip: '10001', client_ip: '192.0.2.10' },
    observedBecause: () => undefined,
  },
  { name: 'ACH', base: (m) => newAchRequest(m), more: { client_ip: '192.0.2.10' }, observedBecause: () => undefined },
  {
    name: 'wallet A',
    base: (m) => newWalletRequest(m, 'payload_walletA_pay'),
    more: { cardholder_name: 'Conformance Test' },
    observedBecause: (target) => (target === 'mock' ? undefined : FORGED_WALLET),
  },
  {
    name: 'wallet B',
    base: (m) => newWalletRequest(m, 'payload_walletB_pay'),
    more: { cardholder_name: 'Conformance Test' },
    observedBecause: () => "section 2.1 says use of this wallet requires contacting the service's support",
  },
];

type Context = {
  gateway: GatewayClient;
  suite: ResolvedConfig;
};

/** TOK-11 for one kind: its accepted request with every further documented field added stays accepted. */
async function staysAccepted(kind: Kind, { gateway, suite }: Context): Promise<void> {
  const merchantId = suite.merchant.merchantId;
  const observedBecause = kind.observedBecause(suite.target);
  const account = accountFieldValues(suite.accountFields);
  const added: Record<string, unknown> = { ...kind.more, ...anyKindFields(account.values) };
  const send = (fields: Record<string, unknown>) =>
    gateway.tokenize({ ...kind.base(merchantId), ...fields } as TokenizeRequest);
  // Sent together: the request with every field is judged only if the one without them is accepted.
  const [base, full] = await atOnce([gateway.tokenize(kind.base(merchantId)), send(added)]);
  if (!succeeded(base)) {
    // Which fields a kind needs together is not shown: without an accepted request nothing can be added to one.
    const because = observedBecause ?? 'which fields a payment kind needs together is not shown';
    observe(
      'TOK-11',
      `a ${kind.name} tokenize with only ${Object.keys(kind.base(merchantId)).join(', ')} was refused ` +
        `(${rcodeAndStatus(base)}); ${because}`,
      { kind: 'kind-request-refused', subject: kind.name, value: String(bodyField(base, 'rcode')) },
    );
    notExercised(
      'TOK-11',
      `the ${kind.name} request was refused before any further field was added (${because}), so what those ` +
        `fields change was not seen`,
    );
    return;
  }
  if (succeeded(full)) {
    countJudged('TOK-11', Object.keys(added).length, 'documented fields added to an accepted request');
    return;
  }
  // Refused: each field alone on top of the accepted request tells which one the gateway refuses.
  const {
    failures: refused,
    madeUp,
    judged: accepted,
  } = await attributeRefusal(added, account.madeUp, send, succeeded, full);
  // A configured profile or location holding the quotes a shell kept, refused: the paste, not the field,
  // where the same request with the value unquoted is accepted; refused that way too, the quotes explain
  // nothing and the refusal is judged as any configured value's (said once for every kind that meets it).
  const pasted: { refusal: (typeof refused)[number]; field: AccountField; problem: string }[] = [];
  for (const r of refused) {
    const field = r.fields[0] as AccountField;
    const value = suite.accountFields[field];
    if (r.fields.length !== 1 || !(field in ACCOUNT_FIELDS) || typeof value !== 'string') continue;
    if (!wrappedInQuotes(value) || !succeeded(await send({ [field]: value.slice(1, -1) }))) continue;
    const problem = quotedValueRefused(
      field,
      suite.accountFields,
      `a tokenize request it accepted was refused with ${field} added (${rcodeAndStatus(r.answer)}) and accepted ` +
        'with the value unquoted',
    );
    if (problem) pasted.push({ refusal: r, field, problem });
  }
  for (const { field, problem } of pasted) {
    recordConfigurationProblem(problem);
    notExercised(
      'TOK-11',
      `${field} was sent from ${ACCOUNT_FIELDS[field].variable}, which holds quotes (a configuration problem, ` +
        'see above), so whether the target takes it as documented was not seen',
    );
  }
  const failures = refused.filter((r) => !pasted.some((p) => p.refusal === r));
  if (accepted.length) countJudged('TOK-11', accepted.length, 'documented fields added to an accepted request');
  // A made-up profile, location or user refused says nothing about the field: observed, and the variable named.
  for (const r of madeUp) {
    const fields = r.fields.join(', ');
    const values = r.fields.map((f) => `${f} ${JSON.stringify(added[f])}`).join(', ');
    const alone = r.fields.length === 1 ? '' : ' together with the other fields (each alone was accepted)';
    observe(
      'TOK-11',
      `the ${kind.name} request with ${values}${alone} was refused (${rcodeAndStatus(r.answer)}); ` +
        `${r.fields.length === 1 ? 'that value was' : 'those values were'} made up, and a gateway may refuse ` +
        `a profile, location or user the merchant does not have: set ` +
        `${r.fields.map((f) => ACCOUNT_FIELDS[f as AccountField].variable).join(', ')} to judge ${fields}`,
      {
        kind: 'made-up-account-value-refused',
        subject: `${kind.name}: ${fields}`,
        value: rcodeAndStatus(r.answer),
      },
    );
    for (const f of r.fields) notExercised('TOK-11', madeUpValueRefused(f as AccountField));
  }
  if (!failures.length) return;
  const types = new Map(
    fieldGroups()
      .find((g) => g.operation === 'tokenize' && g.side === 'request')!
      .fields.map((f) => [f.name, f.type]),
  );
  const given = Object.keys(suite.accountFields).map((f) => ACCOUNT_FIELDS[f as AccountField].variable);
  const values = given.length
    ? `; profile_id, loc_id and user_id as configured (${given.join(', ')}), the rest made up where not given`
    : '';
  const judgement = documentedFieldsTaken(kind.name, failures, types, full, values);
  if (!observedBecause) return verify(judgement);
  const refusedBy = failures.filter((r) => r.fields.length === 1).map((r) => r.fields[0]);
  observe('TOK-11', `${judgement.problems.join('; ')}; observed because ${observedBecause}`, {
    kind: 'documented-field-refused',
    subject: kind.name,
    value: refusedBy.join(',') || 'together',
  });
  notExercised(
    'TOK-11',
    `the ${kind.name} request with further fields was refused, which is left open here (${observedBecause})`,
  );
}

test(
  'TOK-11: an accepted tokenize of each kind stays accepted with every further documented field of its kind ' +
    'and of the groups that go with any kind (section 2.1, every documented field sent as documented)',
  rules(['TOK-11']),
  async ({ gateway, suite }) => {
    // Each kind stands alone: all are sent at once.
    const ctx = { gateway, suite };
    await atOnce(KINDS.map((kind) => staysAccepted(kind, ctx)));
  },
);

test(
  'AUTH-6: each query parameter of section 4.2 alone, and all five together',
  rules(['AUTH-6']),
  async ({ gateway, suite }) => {
    const together = listingQuery(suite.merchant.merchantId, 5);
    const answer = await gateway.listCustomers(together);
    verify(everyParameterServed(answer, Object.keys(together)), answer);
    // Whether a parameter may be left out (its default) is not shown: each alone is observed, never judged.
    const alone = await Promise.all(
      Object.entries(together).map(async ([name, value]) => ({
        name,
        answer: await gateway.listCustomers({ [name]: value }),
      })),
    );
    for (const { name, answer: a } of alone) {
      const how = succeeded(a) ? 'served' : `refused (code ${JSON.stringify(bodyField(a, 'code'))}, HTTP ${a.status})`;
      observe('AUTH-6', `a listing with only ${name} was ${how} (defaults of the parameters are not shown)`, {
        kind: 'query-parameter-alone',
        subject: name,
        value: succeeded(a) ? 'served' : 'refused',
      });
    }
  },
);
