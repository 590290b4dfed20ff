import { expect, test } from '../testing/fixtures.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { FAULTS } from '../mock/behaviours/faults.js';
import { VARIANTS } from '../mock/behaviours/variants.js';
import { SLOW_LINK_MS, SLOW_TOKENIZE_MS } from '../mock/behaviours/link/slow-link.js';
import { DISTANT_FROM_MS } from '../config/run-shape.js';
import { startMock } from '../mock/start.js';
import { DEFAULT_RETRY } from '../transport/gateway-client.js';
import { RecordingProxy, refusesKey, type OwnAnswer } from '../testing/stand-ins/recording-proxy.js';
import { basicAuthorization } from '../transport/auth.js';
import { preflight } from './preflight.js';

const WRONG_KEY = 'sk_wrong_key_never_print_this';

function configFor(baseUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    target: 'sandbox' as const,
    baseUrl,
    merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: MOCK_DEFAULTS.apiKey },
    vendor: { vendorId: MOCK_DEFAULTS.vendorId, apiKey: MOCK_DEFAULTS.vendorApiKey },
    webhookId: MOCK_DEFAULTS.webhookId,
    allowWrites: true,
    maxRps: undefined,
    ...overrides,
  };
}

async function withMock<T>(
  options: { faults?: string[]; variants?: string[]; credentials?: { merchantId: string } },
  body: (url: string) => Promise<T>,
): Promise<T> {
  const mock = await startMock({ port: 0, ...options });
  try {
    return await body(mock.url);
  } finally {
    await mock.close();
  }
}

/**
 * The gathered misses of one check per case, a few cases at a time, each against a mock of its own: most of a
 * preflight's time against a variation is the variation's own waiting (slow answers, a 503 retried after a
 * pause), so cases overlap it instead of queueing behind it. Sorted, so a failure reads the same every time.
 */
async function missesOf<C>(cases: readonly C[], check: (c: C) => Promise<string | undefined>): Promise<string[]> {
  const misses: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < cases.length) {
      const miss = await check(cases[next++]!);
      if (miss !== undefined) misses.push(miss);
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  return misses.sort();
}

test(
  'the right credentials pass the preflight in five requests: a listing per key, a made-up merchant ID, ' +
    "and a valid tokenize each for the merchant ID's form and the vendor ID",
  async () => {
    const result = await withMock({}, (url) => preflight(configFor(url)));
    expect(result).toEqual({ kind: 'ok', requests: 5, roundTripMs: expect.any(Number) });
  },
);

test("the preflight measures how far the target is: its slowest operation's fastest answer, no faster than a slow link", async () => {
  const near = await withMock({}, (url) => preflight(configFor(url)));
  const far = await withMock({ variants: ['slow-link'] }, (url) => preflight(configFor(url)));
  const slowOne = await withMock({ variants: ['slow-tokenize'] }, (url) => preflight(configFor(url)));
  expect(near.kind === 'ok' && near.roundTripMs).toBeLessThan(DISTANT_FROM_MS);
  expect(far.kind === 'ok' && far.roundTripMs).toBeGreaterThanOrEqual(SLOW_LINK_MS);
  // The listing answers at once; tokenize, as slow as it is, makes the target distant.
  expect(slowOne.kind === 'ok' && slowOne.roundTripMs).toBeGreaterThanOrEqual(SLOW_TOKENIZE_MS);
});

test('a wrong API key stops the run with one sentence naming PG_API_KEY, never the key', async () => {
  const result = await withMock({}, (url) =>
    preflight(configFor(url, { merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: WRONG_KEY } })),
  );
  expect(result.kind).toBe('configuration');
  const problems = result.kind === 'configuration' ? result.problems : [];
  expect(problems).toEqual([
    'The target refused PG_API_KEY: the vault listing answered it exactly as it answers a key it never ' +
      'issued (HTTP 401, code 1004); copy the merchant API key for this sandbox from the manager portal.',
  ]);
  expect(JSON.stringify(result)).not.toContain(WRONG_KEY);
});

test(
  'a vendor key never issued, answered on the listing and tokenize as a made-up one, names ' +
    'PG_VENDOR_API_KEY and what leaving it out costs',
  async () => {
    const result = await withMock({}, (url) =>
      preflight(configFor(url, { vendor: { vendorId: MOCK_DEFAULTS.vendorId, apiKey: WRONG_KEY } })),
    );
    expect(result.kind === 'configuration' && result.problems).toEqual([
      'The target refused PG_VENDOR_API_KEY: the vault listing answered it exactly as it answers a key it never issued ' +
        '(HTTP 401, code 1004); copy the vendor API key for this sandbox from the manager portal. (Unsetting PG_VENDOR_ID ' +
        'and PG_VENDOR_API_KEY skips the integrator checks instead; the run then ends NOT FULLY EXERCISED at best.)',
    ]);
    expect(JSON.stringify(result)).not.toContain(WRONG_KEY);
  },
);

test('a wrong key is told by comparison, whatever status and scheme the target refuses with', async () => {
  const wrongKey = { merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: WRONG_KEY } };
  for (const options of [{ variants: ['auth-failures-403'] }, { variants: ['failures-http-200'] }]) {
    const result = await withMock(options, (url) => preflight(configFor(url, wrongKey)));
    expect(result.kind === 'configuration' && result.problems, JSON.stringify(options)).toEqual([
      expect.stringContaining('The target refused PG_API_KEY'),
    ]);
  }
  // Every failure an empty 400 (a failed ERR-2 for the run that follows): a wrong key and a wrong path answer
  // alike, so the sentence names both variables, but where the listing serves the vendor key: the path exists.
  const faults = ['platform-failure-empty-400'];
  const result = await withMock({ faults }, (url) => preflight(configFor(url, { ...wrongKey, vendor: undefined })));
  const both = expect.stringMatching(/^PG_API_KEY or PG_BASE_URL is wrong: .*\(HTTP 400\)/);
  expect(result.kind === 'configuration' && result.problems).toEqual([both]);
  const found = await withMock({ faults }, (url) => preflight(configFor(url, wrongKey)));
  expect(found.kind === 'configuration' && found.problems).toEqual([
    expect.stringMatching(/^The target refused PG_API_KEY: the vault listing answered it exactly as .*\(HTTP 400\)/),
  ]);
});

test("against a mock named by PG_BASE_URL, a refused key points at the mock's own variable", async () => {
  const result = await withMock({}, (url) =>
    preflight(
      configFor(url, { target: 'mock', merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: WRONG_KEY } }),
    ),
  );
  expect(result.kind === 'configuration' && result.problems).toEqual([
    expect.stringContaining('set it to the key the mock was started with (MOCK_API_KEY), or leave it unset'),
  ]);
});

test('in production without PG_ALLOW_WRITES a refused key is configuration, and the sentence says what else it could be', async () => {
  const result = await withMock({}, (url) =>
    preflight(
      configFor(url, {
        target: 'production',
        allowWrites: false,
        merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: WRONG_KEY },
      }),
    ),
  );
  expect(result.kind === 'configuration' && result.problems).toEqual([
    expect.stringContaining(
      'copy the merchant API key for production from the manager portal. (Production without ' +
        'PG_ALLOW_WRITES=1 offers only the listing to ask',
    ),
  ]);
  expect(result.kind === 'configuration' && result.problems).toEqual([
    expect.stringContaining('run with PG_ALLOW_WRITES=1 to tell'),
  ]);
});

test('a base URL with a path says to drop the path and which base answers', async () => {
  const result = await withMock({}, async (url) => ({ url, result: await preflight(configFor(`${url}/pg`)) }));
  expect(result.result).toEqual({
    kind: 'configuration',
    problems: [
      `PG_BASE_URL should be the base address without a path such as /pg: the vault listing is not found ` +
        `under ${result.url}/pg (HTTP 404, rcode "901", as for a path that does not exist) but is found under ` +
        `${result.url}; set PG_BASE_URL=${result.url}.`,
    ],
    requests: expect.any(Number),
  });
  const deeper = await withMock({ variants: ['failures-http-200'] }, async (url) => ({
    url,
    result: await preflight(configFor(`${url}/api/v1`)),
  }));
  expect(deeper.result.kind === 'configuration' && deeper.result.problems).toEqual([
    expect.stringContaining(`without a path such as /api/v1: `),
  ]);
});

test('a target that is not there is unavailable, not a configuration problem', async () => {
  const url = await withMock({}, async (u) => u); // closed: nothing listens there any more
  const result = await preflight(configFor(url), { ...DEFAULT_RETRY, attempts: 1, timeoutMs: 2_000 });
  expect(result.kind).toBe('unavailable');
});

// Every deviation the suite must catch, and every legitimate variation, with the right configuration: the
// preflight never turns one into a configuration problem (the rules judge them, each by its own rule).
// vendor-key-refused-on-vault refuses the vendor key on the listing exactly as an unknown key, and
// vault-refuses-string-merchant-id the merchant ID as an unknown one: tokenize tells the two apart. The
// mock-mode-only faults are included: a preflight sees the same gateway.
// One fault looks from outside exactly like a wrong ID: a gateway that refuses every integrator's vendor_id
// answers PG_VENDOR_ID as it answers any made-up one. The preflight stops there with a sentence naming both
// (never a CONFORMANT run, never a failed rule for what may be a setup mistake); verify:suite, which has no
// preflight, still proves TOK-5 catches it.
const LOOKS_LIKE_A_WRONG_ID: Record<string, RegExp> = {
  'vendor-id-refused': /^The target refused PG_VENDOR_ID: .* a deviation TOK-5 names, /,
};

function merchantIdOf(kind: 'faults' | 'variants', name: string): string | undefined {
  const unit = [...(kind === 'faults' ? FAULTS : VARIANTS)].find((u) => u.name === name);
  return unit && 'merchantId' in unit ? unit.merchantId : undefined;
}

test('no fault and no variation of the mock is taken for a configuration problem, but for the one that looks like a wrong ID', async () => {
  test.setTimeout(120_000);
  const behaviours = [
    ...FAULTS.map((f) => ['faults', f.name] as const),
    ...VARIANTS.map((v) => ['variants', v.name] as const),
  ];
  const flagged = await missesOf(behaviours, async ([kind, name]) => {
    // A behaviour that needs a merchant ID of its own (one of digits) is asked with it, as verify:suite runs it.
    const merchantId = merchantIdOf(kind, name);
    const credentials = merchantId ? { credentials: { merchantId } } : {};
    const result = await withMock({ [kind]: [name], ...credentials }, (url) =>
      preflight(configFor(url, merchantId ? merchantWith(merchantId) : {})),
    );
    const said =
      result.kind === 'configuration' ? result.problems.join(' ') : result.kind === 'unavailable' ? result.problem : '';
    const expected = LOOKS_LIKE_A_WRONG_ID[name];
    const right = expected ? result.kind === 'configuration' && expected.test(said) : result.kind === 'ok';
    return right ? undefined : `${name}: ${said || result.kind}`;
  });
  expect(flagged).toEqual([]);
});

test('a wrong key is still caught under every legitimate variation', async () => {
  test.setTimeout(120_000);
  const missed = await missesOf(VARIANTS, async (v) => {
    const result = await withMock({ variants: [v.name] }, (url) =>
      preflight(configFor(url, { merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: WRONG_KEY } })),
    );
    return result.kind === 'configuration' ? undefined : `${v.name}: ${result.kind}`;
  });
  expect(missed).toEqual([]);
});

type Result = Awaited<ReturnType<typeof preflight>>;
const problemsOf = (result: Result) => (result.kind === 'configuration' ? result.problems : [`${result.kind}`]);
const merchantWith = (merchantId: string) => ({ merchant: { merchantId, apiKey: MOCK_DEFAULTS.apiKey } });
const vendorWith = (vendorId: number) => ({ vendor: { vendorId, apiKey: MOCK_DEFAULTS.vendorApiKey } });
const SWAPPED = {
  merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: MOCK_DEFAULTS.vendorApiKey },
  vendor: { vendorId: MOCK_DEFAULTS.vendorId, apiKey: MOCK_DEFAULTS.apiKey },
};
const NOT_THE_MERCHANT = 'merchant_id is not the merchant the API key belongs to.';

test('a wrong merchant ID, string or digits, answered on listing and tokenize as a made-up one: PG_MERCHANT_ID named', async () => {
  for (const wrong of ['acme-shop-0042', '1234567']) {
    const result = await withMock({}, (url) => preflight(configFor(url, merchantWith(wrong))));
    expect(problemsOf(result), wrong).toEqual([
      'The target refused PG_MERCHANT_ID: the vault listing and tokenize answered it exactly as they answer a merchant ID the suite ' +
        `made up (listing: HTTP 403, code 1205, "${NOT_THE_MERCHANT}"; tokenize as a string: HTTP 403, rcode "302", "${NOT_THE_MERCHANT}"` +
        `${wrong === '1234567' ? '; as a JSON number: HTTP 400, rcode "206", "merchant_id must be a string."' : ''}); ` +
        'copy the merchant ID that goes with PG_API_KEY for this sandbox from the manager portal (sandbox and production have their own ' +
        'credentials, section 5.7). Or PG_MERCHANT_ID is right and tokenize refuses a valid request carrying it ' +
        (wrong === '1234567'
          ? 'as the string section 2.1 gives it and as a JSON number alike'
          : 'as the string section 2.1 gives it (PG_MERCHANT_ID is not a whole number, so there is no number form to try)') +
        ', which looks the same from outside.',
    ]);
  }
});

test('a numeric merchant ID is compared with made-up digits: the right one passes, a wrong one of the same length does not', async () => {
  const mock = await startMock({ port: 0, credentials: { merchantId: '100234' } });
  try {
    expect(await preflight(configFor(mock.url, merchantWith('100234')))).toEqual({
      kind: 'ok',
      requests: 5,
      roundTripMs: expect.any(Number),
    });
    const wrong = await preflight(configFor(mock.url, merchantWith('100243')));
    expect(problemsOf(wrong)).toEqual([expect.stringMatching(/^The target refused PG_MERCHANT_ID: /)]);
  } finally {
    await mock.close();
  }
});

test('a sandbox merchant ID with production keys is refused on the listing; read-only, the sentence names AUTH-6 too', async () => {
  const production = { target: 'production', allowWrites: false, ...merchantWith('sandbox-merchant-0001') };
  const result = await withMock({}, (url) => preflight(configFor(url, production)));
  expect(problemsOf(result)).toEqual([
    expect.stringMatching(
      new RegExp(
        '^The target refused PG_MERCHANT_ID: the vault listing answered it exactly as it answers a merchant ID the suite made up ' +
          '\\(HTTP 403, code 1205, .*\\); copy the merchant ID that goes with PG_API_KEY for production .* a deviation AUTH-6 names, ' +
          'would look the same: if PG_MERCHANT_ID is right, run with PG_ALLOW_WRITES=1 to tell\\.\\)$',
      ),
    ),
  ]);
  // One cause at a time: the vendor ID travels with the merchant ID, so it is compared once that one is right.
  expect(result.kind === 'configuration' && result.notes).toBeUndefined();
});

test('read-only production with the right credentials passes, and says the vendor ID and a swap could not be compared', async () => {
  const result = await withMock({}, (url) => preflight(configFor(url, { target: 'production', allowWrites: false })));
  expect(result).toEqual({
    kind: 'ok',
    requests: 3,
    roundTripMs: expect.any(Number),
    notes: [
      expect.stringContaining(
        'only tokenize takes vendor_id, and production without PG_ALLOW_WRITES=1 allows no tokenize',
      ),
    ],
  });
});

test('a merchant ID wrapped in quotes, holding whitespace or the vendor ID, as copying brings it: the sentence says why', async () => {
  const quoted = await withMock({}, (url) => preflight(configFor(url, merchantWith(`"${MOCK_DEFAULTS.merchantId}"`))));
  expect(problemsOf(quoted)).toEqual([
    expect.stringMatching(
      / PG_MERCHANT_ID is wrapped in quotes, as a value copied from a \.env line may be: set it without them\.$/,
    ),
  ]);
  const spaced = await withMock({}, (url) => preflight(configFor(url, merchantWith(`${MOCK_DEFAULTS.merchantId} 2`))));
  expect(problemsOf(spaced)).toEqual([
    expect.stringMatching(/ PG_MERCHANT_ID holds whitespace, which a copied value may bring along: set it without\.$/),
  ]);
  const vendorIdThere = await withMock({}, (url) =>
    preflight(configFor(url, merchantWith(String(MOCK_DEFAULTS.vendorId)))),
  );
  expect(problemsOf(vendorIdThere)).toEqual([
    expect.stringMatching(/ PG_MERCHANT_ID holds the value of PG_VENDOR_ID: the merchant ID is another one\.$/),
  ]);
});

test('a wrong vendor ID, answered on tokenize as a made-up one: a sentence naming PG_VENDOR_ID, and TOK-5 as the other cause', async () => {
  const result = await withMock({}, (url) => preflight(configFor(url, vendorWith(90002))));
  expect(problemsOf(result)).toEqual([
    'The target refused PG_VENDOR_ID: tokenize with PG_VENDOR_API_KEY answered it exactly as it answers a vendor ID the suite made up ' +
      '(HTTP 403, rcode "304", "vendor_id is not the integrator the vendor API key belongs to."), and so did PG_API_KEY; copy the ' +
      'integrator (vendor) ID that goes with PG_VENDOR_API_KEY for this sandbox from the manager portal (sandbox and production have ' +
      "their own credentials, section 5.7). Or PG_VENDOR_ID is right and the gateway refuses every integrator's vendor_id, a deviation " +
      'TOK-5 names, which looks the same from outside. (Unsetting PG_VENDOR_ID and PG_VENDOR_API_KEY skips the integrator checks ' +
      'instead; the run then ends NOT FULLY EXERCISED at best.)',
  ]);
});

test('the merchant key and the vendor key swapped are named as a swap, in one sentence', async () => {
  const result = await withMock({}, (url) => preflight(configFor(url, SWAPPED)));
  expect(problemsOf(result)).toEqual([
    'PG_API_KEY and PG_VENDOR_API_KEY look swapped: tokenize tells PG_VENDOR_ID from a vendor ID the suite made up when they come with ' +
      'PG_API_KEY (HTTP 200, rcode "000", a success) and not when they come with PG_VENDOR_API_KEY (HTTP 403, rcode ' +
      '"305" for both); swap the two values (PG_API_KEY is the merchant\'s key, PG_VENDOR_API_KEY the integrator\'s).',
  ]);
  expect(JSON.stringify(result)).not.toContain(MOCK_DEFAULTS.apiKey);
});

test("against a mock named by PG_BASE_URL, a refused merchant or vendor ID points at the mock's own variable", async () => {
  const merchant = await withMock({}, (url) =>
    preflight(configFor(url, { target: 'mock', ...merchantWith('m-nobody') })),
  );
  expect(problemsOf(merchant)).toEqual([
    expect.stringContaining("set it to the mock's (MOCK_MERCHANT_ID, which npm run mock prints), or leave it unset"),
  ]);
  const vendor = await withMock({}, (url) => preflight(configFor(url, { target: 'mock', ...vendorWith(1) })));
  expect(problemsOf(vendor)).toEqual([
    expect.stringContaining("set it to the mock's (MOCK_VENDOR_ID, which npm run mock prints)"),
  ]);
});

test('a gateway that refuses the real merchant ID on the listing is told from a wrong one by tokenize, so AUTH-6 judges it', async () => {
  const faults = ['vault-refuses-string-merchant-id'];
  expect(await withMock({ faults }, (url) => preflight(configFor(url)))).toMatchObject({ kind: 'ok' });
  const readOnly = await withMock({ faults }, (url) =>
    preflight(configFor(url, { target: 'production', allowWrites: false })),
  );
  expect(problemsOf(readOnly)).toEqual([expect.stringContaining('a deviation AUTH-6 names, would look the same')]);
});

test(
  'a wrong merchant ID the listing refuses as a made-up one is named where tokenize serves any merchant ID: ' +
    'served alike, tokenize cannot tell them apart',
  async () => {
    const variants = ['tokenize-serves-other-merchant-id'];
    const wrong = await withMock({ variants }, (url) => preflight(configFor(url, merchantWith('acme-shop-0042'))));
    expect(problemsOf(wrong)).toEqual([
      'The target refused PG_MERCHANT_ID: the vault listing answered it exactly as it answers a merchant ID the suite made ' +
        `up (HTTP 403, code 1205, "${NOT_THE_MERCHANT}"), and tokenize cannot tell: it serves any merchant ID, a made-up one ` +
        'as PG_MERCHANT_ID (as a string: HTTP 200, rcode "000", "Approved: card stored"); ' +
        'copy the merchant ID that goes with PG_API_KEY for this sandbox from the manager portal ' +
        '(sandbox and production have their own credentials, section 5.7). Or PG_MERCHANT_ID is right and the listing ' +
        'refuses a valid merchant ID, a deviation AUTH-6 names, which looks the same from outside.',
    ]);
    // The right ID is told apart by the listing, so tokenize is asked once, for the form, as on any gateway.
    const right = await withMock({ variants }, (url) => preflight(configFor(url)));
    expect(right).toEqual({ kind: 'ok', requests: 5, roundTripMs: expect.any(Number) });
  },
);

test('where the listing cannot tell, tokenize is asked with a made-up merchant ID too, so AUTH-6 judges the listing', async () => {
  const result = await withMock({ faults: ['vault-refuses-string-merchant-id'] }, (url) => preflight(configFor(url)));
  // Eight: the five of a right configuration, a made-up key and a made-up path beside the refused listing, and
  // on tokenize the made-up merchant ID beside the one the listing refused, though tokenize served that one.
  expect(result).toEqual({ kind: 'ok', requests: 8, roundTripMs: expect.any(Number) });
});

test('a wrong merchant ID, a wrong vendor ID and swapped keys are still told under every legitimate variation', async () => {
  test.setTimeout(180_000);
  const cases = [
    ['wrong merchant ID', merchantWith('acme-shop-0042'), /^The target refused PG_MERCHANT_ID: /],
    ['wrong vendor ID', vendorWith(90002), /^The target refused PG_VENDOR_ID: /],
    ['keys swapped', SWAPPED, /^PG_API_KEY and PG_VENDOR_API_KEY look swapped: /],
  ] as const;
  const missed = await missesOf(
    VARIANTS.flatMap((v) => cases.map((c) => [v, ...c] as const)),
    async ([v, name, overrides, sentence]) => {
      const result = await withMock({ variants: [v.name] }, (url) => preflight(configFor(url, overrides)));
      return problemsOf(result).some((p) => sentence.test(p))
        ? undefined
        : `${v.name}, ${name}: ${problemsOf(result).join(' ')}`;
    },
  );
  expect(missed).toEqual([]);
});

const NUMERIC_ID = '100234';

test(
  'a gateway that takes merchant_id only as a number (the vendor’s OpenAPI document) is not a configuration error: the ' +
    'run is told to send the number, and the note says why',
  async () => {
    const mock = await startMock({
      port: 0,
      faults: ['tokenize-merchant-id-integer'],
      credentials: { merchantId: NUMERIC_ID },
    });
    try {
      // The listing tells the ID apart; one valid tokenize per form learns the form the run sends. The vendor's
      // tokenize sent beside the string form's is asked again in the number form: one request more, none waited on.
      const result = await preflight(configFor(mock.url, merchantWith(NUMERIC_ID)));
      expect(result).toEqual({
        kind: 'ok',
        requests: 7,
        roundTripMs: expect.any(Number),
        merchantIdForm: 'number',
        notes: [
          'tokenize refuses PG_MERCHANT_ID as the string section 2.1 gives it (HTTP 400, rcode "206", "merchant_id must be an ' +
            'integer.") and takes it as a JSON number (HTTP 200, rcode "000"): the ID is right; the run sends merchant_id as a ' +
            'number in tokenize, so that every other rule is exercised, and TOK-12 judges the string form.',
        ],
      });
      // A wrong ID of digits is still refused, in both forms, on the listing and on tokenize.
      const wrong = await preflight(configFor(mock.url, merchantWith('100243')));
      expect(problemsOf(wrong)).toEqual([expect.stringMatching(/^The target refused PG_MERCHANT_ID: /)]);
    } finally {
      await mock.close();
    }
  },
);

test('the merchant ID and the vendor ID swapped are named as a swap, in one sentence', async () => {
  const mock = await startMock({ port: 0, credentials: { merchantId: NUMERIC_ID } });
  try {
    const swapped = { ...merchantWith(String(MOCK_DEFAULTS.vendorId)), ...vendorWith(Number(NUMERIC_ID)) };
    expect(problemsOf(await preflight(configFor(mock.url, swapped)))).toEqual([
      'PG_MERCHANT_ID and PG_VENDOR_ID look swapped: the vault listing answers PG_MERCHANT_ID exactly as a merchant ID the suite ' +
        "made up (HTTP 403, code 1205), and takes PG_VENDOR_ID's value as the merchant ID (HTTP 200, code 0, a success); swap " +
        "the two values (PG_MERCHANT_ID is the merchant's ID, PG_VENDOR_ID the integrator's).",
    ]);
  } finally {
    await mock.close();
  }
});

const VENDOR_KEY_OR_ID = /Or the key is right and PG_VENDOR_ID is wrong, or the gateway refuses every integrator/
  .source;

test('a vendor key tokenize answers as a key it never issued is named, with the causes a black box cannot tell apart', async () => {
  // The listing takes any key here, so only tokenize refuses it.
  const result = await withMock({ faults: ['vault-accepts-any-key'] }, (url) =>
    preflight(configFor(url, { vendor: { vendorId: MOCK_DEFAULTS.vendorId, apiKey: WRONG_KEY } })),
  );
  expect(problemsOf(result)).toEqual([
    expect.stringMatching(
      new RegExp(
        /^The target refused PG_VENDOR_API_KEY: tokenize answered it exactly as it answers a key it never issued /
          .source +
          /\(HTTP 401, rcode "104".*\); copy the vendor API key for this sandbox from the manager portal\. /.source +
          VENDOR_KEY_OR_ID,
      ),
    ),
  ]);
  expect(JSON.stringify(result)).not.toContain(WRONG_KEY);
});

test('a vendor key the listing refuses as a made-up one is named, not PG_VENDOR_ID, where tokenize cannot tell either', async () => {
  const result = await withMock({ faults: ['vendor-key-refused-on-vault'] }, (url) =>
    preflight(configFor(url, vendorWith(90002))),
  );
  expect(problemsOf(result)).toEqual([
    expect.stringMatching(
      new RegExp(
        /^The target refused PG_VENDOR_API_KEY: the vault listing answered it exactly as it answers a key it never /
          .source +
          /issued \(HTTP 401, code 1004.*\), and tokenize with it answered PG_VENDOR_ID exactly as a vendor ID the /
            .source +
          /suite made up \(HTTP 403, rcode "304".*\); .* /.source +
          VENDOR_KEY_OR_ID +
          / \(deviations AUTH-5 and TOK-5 name\)/.source,
      ),
    ),
  ]);
});

/** A stand-in gateway in front of the mock that answers what `answer` takes itself (recording-proxy.ts). */
async function behindStandIn<T>(
  answer: OwnAnswer,
  body: (url: string) => Promise<T>,
  mockOptions: { variants?: string[] } = {},
): Promise<T> {
  return withMock(mockOptions, async (mockUrl) => {
    const standIn = new RecordingProxy(mockUrl, answer);
    const url = await standIn.start();
    try {
      return await body(url);
    } finally {
      await standIn.stop();
    }
  });
}

const onTheListing = (path: string) => path.startsWith('/platform/vault/customer');
const WITHOUT_INTEGRATOR =
  '(Unsetting PG_VENDOR_ID and PG_VENDOR_API_KEY skips the integrator checks instead; the run then ends NOT FULLY ' +
  'EXERCISED at best.)';
const READ_ONLY = { target: 'production', allowWrites: false };

test('a vendor key the target knows but refuses on every operation is named as the key, never as PG_VENDOR_ID', async () => {
  const result = await behindStandIn(refusesKey(MOCK_DEFAULTS.vendorApiKey), (url) => preflight(configFor(url)));
  expect(problemsOf(result)).toEqual([
    'The target refused PG_VENDOR_API_KEY: the vault listing, which takes no vendor ID, refused it (HTTP 401, code 401, ' +
      '"Unauthorized"), though not as it refuses a key it never issued (HTTP 401, code 1004), and tokenize with it answered ' +
      'PG_VENDOR_ID exactly as a vendor ID the suite made up (HTTP 401, rcode "401", "Unauthorized"), so the gateway knows the ' +
      "key but refuses it (disabled, expired, or without the integrator's permission); check in the manager portal that the " +
      "vendor API key for this sandbox is active and holds the integrator's permission, or copy a new one from there. Or the " +
      'key is right and the gateway refuses every integrator key, a deviation AUTH-5 names, which looks the same from ' +
      `outside. ${WITHOUT_INTEGRATOR}`,
  ]);
  expect(JSON.stringify(result)).not.toContain(MOCK_DEFAULTS.vendorApiKey);
});

test('read-only, a vendor key the listing refuses though not as a key never issued is named from the listing alone', async () => {
  const result = await behindStandIn(refusesKey(MOCK_DEFAULTS.vendorApiKey), (url) =>
    preflight(configFor(url, READ_ONLY)),
  );
  expect(problemsOf(result)).toEqual([
    'The target refused PG_VENDOR_API_KEY: the vault listing, which takes no vendor ID, refused it (HTTP 401, code 401, ' +
      '"Unauthorized"), though not as it refuses a key it never issued (HTTP 401, code 1004), so the gateway knows the key ' +
      "but refuses it (disabled, expired, or without the integrator's permission); check in the manager portal that the vendor " +
      "API key for production is active and holds the integrator's permission, or copy a new one from there. Or the key is " +
      'right and the gateway refuses every integrator key, a deviation AUTH-5 names, which looks the same from outside. ' +
      '(Production without PG_ALLOW_WRITES=1 offers only the listing to ask, so a gateway that refuses a valid key on the ' +
      `listing would look the same: if the key is right, run with PG_ALLOW_WRITES=1 to tell.) ${WITHOUT_INTEGRATOR}`,
  ]);
});

test('a vendor key the listing refuses but tokenize serves is no configuration problem: AUTH-5 judges the listing', async () => {
  const result = await behindStandIn(refusesKey(MOCK_DEFAULTS.vendorApiKey, onTheListing), (url) =>
    preflight(configFor(url)),
  );
  expect(result).toMatchObject({ kind: 'ok' });
});

test(
  'a merchant key the listing refuses where tokenize serves any merchant ID is no configuration problem: the ' +
    'listing serves PG_MERCHANT_ID to the vendor key and not a made-up one, so the ID is known',
  async () => {
    const result = await behindStandIn(
      refusesKey(MOCK_DEFAULTS.apiKey, onTheListing),
      (url) => preflight(configFor(url)),
      {
        variants: ['tokenize-serves-other-merchant-id'],
      },
    );
    expect(result).toMatchObject({ kind: 'ok' });
  },
);

test('where the listing and tokenize both serve any merchant ID, nothing tells PG_MERCHANT_ID apart: a note says so', async () => {
  const merchantKey = basicAuthorization(MOCK_DEFAULTS.apiKey);
  const servesAnyId: OwnAnswer = ({ path, authorization }) =>
    onTheListing(path) && authorization === merchantKey ? { status: 200, body: { code: 0, data: [] } } : undefined;
  const result = await behindStandIn(servesAnyId, (url) => preflight(configFor(url, merchantWith('acme-shop-0042'))), {
    variants: ['tokenize-serves-other-merchant-id'],
  });
  expect(result).toMatchObject({
    kind: 'ok',
    notes: [
      'PG_MERCHANT_ID was not compared: the vault listing and tokenize serve a made-up merchant ID as they serve ' +
        'PG_MERCHANT_ID (tokenize as a string: HTTP 200, rcode "000", "Approved: card stored").',
    ],
  });
});

test(
  'a merchant key the target knows but refuses on every operation is named where the listing serves ' +
    'PG_MERCHANT_ID to the vendor key',
  async () => {
    const result = await behindStandIn(refusesKey(MOCK_DEFAULTS.apiKey), (url) => preflight(configFor(url)));
    expect(problemsOf(result)).toEqual([
      'The target refused PG_API_KEY: the vault listing refused it (HTTP 401, code 401, "Unauthorized"), though not as it ' +
        'refuses a key it never issued (HTTP 401, code 1004), with PG_MERCHANT_ID as with a merchant ID the suite made up, and ' +
        'so did tokenize (as a string: HTTP 401, rcode "401", "Unauthorized"), while the listing serves PG_MERCHANT_ID to ' +
        `PG_VENDOR_API_KEY (HTTP 200, code 0) and not a made-up one (HTTP 403, code 1205), so the gateway knows the key but ` +
        "refuses it (disabled, expired, or another merchant's key); check in the manager portal that the API key of " +
        "PG_MERCHANT_ID's merchant for this sandbox is active, and copy it from there. Or the key is right and the gateway " +
        'refuses every merchant key, a deviation AUTH-2 names, which looks the same from outside.',
    ]);
    expect(JSON.stringify(result)).not.toContain(MOCK_DEFAULTS.apiKey);
    const readOnly = await behindStandIn(refusesKey(MOCK_DEFAULTS.apiKey), (url) =>
      preflight(configFor(url, READ_ONLY)),
    );
    expect(problemsOf(readOnly)).toEqual([
      expect.stringMatching(
        new RegExp(
          /^The target refused PG_API_KEY: the vault listing refused it .*, with PG_MERCHANT_ID as with a merchant ID /
            .source +
            /the suite made up, while the listing serves PG_MERCHANT_ID to PG_VENDOR_API_KEY .* a deviation AUTH-2 names, /
              .source +
            /which looks the same from outside\. \(Production without PG_ALLOW_WRITES=1 offers only the listing to ask/
              .source,
        ),
      ),
    ]);
  },
);

test(
  'without integrator credentials, a merchant key refused on every path, one that does not exist included, ' +
    'names PG_BASE_URL and the key',
  async () => {
    const result = await behindStandIn(refusesKey(MOCK_DEFAULTS.apiKey), async (url) => ({
      url,
      result: await preflight(configFor(url, { vendor: undefined })),
    }));
    expect(problemsOf(result.result)).toEqual([
      `PG_BASE_URL does not lead to the gateway's operations: ${result.url}/platform/vault/customer answers as a path ` +
        'that does not exist does (HTTP 401, code 401); set PG_BASE_URL to the base address the operations are found under ' +
        '(without /pg or /platform). Or PG_BASE_URL is right and the target refuses PG_API_KEY on every path, one that does ' +
        'not exist included, though not as it refuses a key it never issued (HTTP 401, code 1004): a key it knows but refuses ' +
        '(disabled, expired), or a gateway that refuses every merchant key (a deviation AUTH-2 names), which looks the same ' +
        'from outside.',
    ]);
  },
);
