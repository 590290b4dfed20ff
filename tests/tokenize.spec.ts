import {
  achTokenized,
  cardDataAlone,
  crossKindUpdate,
  declinedUpdate,
  distinctCardIds,
  earlierNumberGone,
  echoDeclined,
  firstAcceptedUpdate,
  integratorTokenized,
  newCardTokenized,
  ordinaryEchoServed,
  rcodeTellsProduced,
  refusedPartialUpdate,
  refusedUpdate,
  someUpdateAccepted,
  storedAsUpdated,
  stringFormTaken,
  unknownCardIdRefused,
  walletTokenized,
  type Attempt,
  type EntryKind,
  type Judgement,
} from '../src/checks/registry.js';
import {
  atOnce,
  bodyField,
  rules,
  succeeded,
  test,
  countJudged,
  notExercised,
  observe,
  observeLeniency,
  verify,
  type Exchange,
} from './fixtures.js';
import {
  DEFAULT_TEST_CARD,
  TEST_CARDS,
  futureExpiry,
  merchantIdNumber,
  newAchRequest,
  newCardRequest,
  newWalletRequest,
  otherMerchantIdLike,
  type TokenizeRequest,
} from './inputs.js';

test.describe('new cards (section 4.1 rule 1)', () => {
  test(
    'TOK-1: a request without card_id saves the card under a new card_id',
    rules(['TOK-1', 'TOK-6']),
    async ({ gateway, suite }) => {
      const answer = await gateway.tokenize(newCardRequest(suite.merchant.merchantId));
      verify(newCardTokenized(answer), answer);
      countJudged('TOK-6', 1, 'tokenizations');
    },
  );

  test(
    'TOK-1: new cards never share a card_id, also when tokenized at once',
    rules(['TOK-1']),
    async ({ gateway, suite }) => {
      const answers = await atOnce(
        Array.from({ length: 12 }, () => gateway.tokenize(newCardRequest(suite.merchant.merchantId))),
      );
      for (const answer of answers)
        verify(newCardTokenized(answer, 'every tokenization succeeds with a card_id', false), answer);
      verify(distinctCardIds(answers));
    },
  );

  test(
    'TOK-6: rcode is "000" exactly when a card was produced',
    rules(['TOK-6', 'ERR-1']),
    async ({ gateway, suite }) => {
      const [good, bad] = await atOnce([
        gateway.tokenize(newCardRequest(suite.merchant.merchantId)),
        gateway.tokenize(newCardRequest(suite.merchant.merchantId, { exp_date: '1399' })),
      ]);
      // No card_id on the failure is judged on the answer alone (checks/tokenize.ts, run by the gateway fixture).
      verify(rcodeTellsProduced(good, bad));
    },
  );
});

// The masking of each accepted number is judged on its answer (checks/tokenize.ts, run by the gateway fixture).
test(
  'TOK-8: every published test number comes back as first four, an x for each hidden digit, last six',
  rules(['TOK-8']),
  async ({ gateway, suite }) => {
    // Each card stands alone: all are sent at once, and judged in the order of TEST_CARDS.
    const answers = await atOnce(
      TEST_CARDS.map((card) =>
        gateway.tokenize(newCardRequest(suite.merchant.merchantId, { card_number: card.number })),
      ),
    );
    const sent = TEST_CARDS.map((card, i) => ({
      card,
      what: `${card.number.length}-digit ${card.brand}`,
      answer: answers[i]!,
    }));
    // Which card lengths or brands a gateway accepts is not shown; only an accepted card is masked.
    const declined = sent.filter(({ card, answer }) => !succeeded(answer) && card.number !== DEFAULT_TEST_CARD);
    for (const { card, what, answer } of declined) {
      observe('TOK-8', `a ${what} test number was declined (rcode ${JSON.stringify(bodyField(answer, 'rcode'))})`, {
        kind: 'declined-card-length',
        subject: card.brand,
        value: card.number.length,
      });
      notExercised(
        'TOK-8',
        `the gateway declined the ${what} test number, so its masking was not seen (accepted lengths are not shown)`,
      );
    }
    for (const { what, answer } of sent.filter((s) => !declined.includes(s))) {
      verify(newCardTokenized(answer, `the ${what} test card is tokenized`), answer);
    }
  },
);

/** An entry of one kind of section 4.1 rule 3, and an update of the same kind sent to its card_id. */
type KindUpdate = {
  kind: EntryKind;
  data: string;
  /** The judge of the rule that says the entry is created (section 4.1 rule 3), for an entry made to be updated. */
  createdBy: (created: Exchange, expected: string) => Judgement;
  create: (merchantId: string) => TokenizeRequest;
  update: (merchantId: string, cardId: string) => TokenizeRequest;
};

const ACH_UPDATE: KindUpdate = {
  kind: 'ACH',
  data: 'ACH data',
  createdBy: (created, expected) => achTokenized(created, expected, false),
  create: (merchantId) => newAchRequest(merchantId),
  // The published test account again, under another name: cardholder_name is ACH data too (rule 3).
  update: (merchantId, cardId) => newAchRequest(merchantId, { card_id: cardId, cardholder_name: 'Conformance Update' }),
};

const WALLET_UPDATE: KindUpdate = {
  kind: 'wallet',
  data: 'a wallet payload',
  createdBy: (created, expected) => walletTokenized(created, expected, false),
  create: (merchantId) => newWalletRequest(merchantId),
  // The mock keeps which wallet a payload came from, never the payload: the other wallet's is what its store can show.
  update: (merchantId, cardId) => newWalletRequest(merchantId, 'payload_walletB_pay', { card_id: cardId }),
};

const cardIdOf = (created: Exchange) => bodyField(created, 'card_id') as string;

// Section 2.1: card_id "When present, the request updates that card", whatever payment information comes with it.
// Every update here goes to an entry of its own, so the updates stand alone and go at once: updates of one card stay
// one after another (concurrent updates of one card are another question, which the document does not settle). Each
// accepted update is held to naming the card_id it updated on its answer (the gateway fixture).
test.describe('updates (sections 2.1, 2.2 and 4.1 rules 2 and 3)', () => {
  test(
    'TOK-2: an update with card_id keeps that card_id, whether it carries new card data, one field of it alone, ACH data or another kind',
    rules(['TOK-2']),
    async ({ gateway, suite }) => {
      const merchantId = suite.merchant.merchantId;
      const fieldsAlone = cardDataAlone();
      const [[card, ach, cardForAch, achForCard], cardsForFields] = await atOnce([
        atOnce([
          gateway.tokenize(newCardRequest(merchantId)),
          gateway.tokenize(ACH_UPDATE.create(merchantId)),
          gateway.tokenize(newCardRequest(merchantId)),
          gateway.tokenize(newAchRequest(merchantId)),
        ]),
        atOnce(fieldsAlone.map(() => gateway.tokenize(newCardRequest(merchantId)))),
      ]);
      // Each entry's creation is another rule's (TOK-1, TOK-3), judged after the updates: an entry refused leaves
      // only its own update unsent, never the others unjudged.
      const cardMade = (created: Exchange) => newCardTokenized(created, 'a card to update', false);
      const made = {
        card: cardMade(card),
        ach: ACH_UPDATE.createdBy(ach, `an entry of ${ACH_UPDATE.data} to update`),
        cardForAch: cardMade(cardForAch),
        achForCard: achTokenized(achForCard, 'an ACH entry to update', false),
        forFields: cardsForFields.map(cardMade),
      };
      const [update, achUpdate, crossKind, fieldUpdates] = await atOnce([
        isMade(made.card)
          ? firstAcceptedUpdate(
              (number) =>
                gateway.tokenize(
                  newCardRequest(merchantId, {
                    card_id: cardIdOf(card),
                    card_number: number,
                    exp_date: futureExpiry(36),
                  }),
                ),
              '5555555555554444',
              DEFAULT_TEST_CARD,
            )
          : undefined,
        isMade(made.ach) ? gateway.tokenize(ACH_UPDATE.update(merchantId, cardIdOf(ach))) : undefined,
        isMade(made.cardForAch) && isMade(made.achForCard)
          ? atOnce([
              gateway.tokenize(newAchRequest(merchantId, { card_id: cardIdOf(cardForAch) })),
              gateway.tokenize(newCardRequest(merchantId, { card_id: cardIdOf(achForCard) })),
            ])
          : undefined,
        atOnce(
          fieldsAlone.map((data, i) =>
            isMade(made.forFields[i]!)
              ? gateway.tokenize({ merchant_id: merchantId, card_id: cardIdOf(cardsForFields[i]!), ...data })
              : undefined,
          ),
        ),
      ]);

      // New card data: some number is accepted, and its answer shows the new number, not the one the card held.
      if (update) {
        notJudged(update.declined);
        verify(someUpdateAccepted(update), card, ...declinedAnswers(update.declined));
        const accepted = update.accepted!;
        verify(earlierNumberGone(card, accepted, DEFAULT_TEST_CARD), card, accepted.answer);
      }
      // One field of card data alone, and ACH data: which fields must be present together is not shown.
      for (const [i, answer] of fieldUpdates.entries()) {
        if (answer && !succeeded(answer))
          notUpdated(refusedPartialUpdate(Object.keys(fieldsAlone[i]!).join(', '), answer));
      }
      if (achUpdate && succeeded(achUpdate)) countJudged('TOK-2', 1, 'updates');
      else if (achUpdate) notUpdated(refusedUpdate(ACH_UPDATE.kind, achUpdate));
      // Another kind than the entry holds: whether an entry may change kind is not shown, so what came back is
      // observed. An accepted one answers the card_id sent like any update: section 2.1 makes no exception for the
      // kind, and no sentence lets a request with card_id make a new card ID.
      if (crossKind) {
        const [achToCard, cardToAch] = crossKind;
        for (const seen of [crossKindUpdate('card', achToCard), crossKindUpdate('ACH', cardToAch)])
          observe('TOK-2', seen.text, seen.data);
      }
      verify(made.card, card);
      verify(made.ach, ach);
      verify(made.cardForAch, cardForAch);
      verify(made.achForCard, achForCard);
      made.forFields.forEach((judgement, i) => verify(judgement, cardsForFields[i]!));
    },
  );

  test('TOK-2: each update is stored and seen by the next one', rules(['TOK-2']), async ({ gateway, suite, mock }) => {
    const created = await gateway.tokenize(newCardRequest(suite.merchant.merchantId));
    const cardId = bodyField(created, 'card_id') as string;
    verify(newCardTokenized(created, 'a card to update', false), created);
    let stored: string = DEFAULT_TEST_CARD;
    for (const [n, step] of [
      { exp: futureExpiry(30), number: '5555555555554444' },
      { exp: futureExpiry(40), number: '378282246310005' },
    ].entries()) {
      const update = await firstAcceptedUpdate(
        (number) =>
          gateway.tokenize(
            newCardRequest(suite.merchant.merchantId, { card_id: cardId, exp_date: step.exp, card_number: number }),
          ),
        step.number,
        stored,
      );
      notJudged(update.declined);
      verify(someUpdateAccepted(update, n + 1), created, ...declinedAnswers(update.declined));
      // Only what the gateway accepted is held to the store: a declined update is not judged at all.
      const accepted = update.accepted!;
      verify(storedAsUpdated(await mock.card(cardId), accepted.answer, { step: n + 1 }), created, accepted.answer);
      stored = accepted.number;
    }
  });

  // The stored side is read through the mock's control API, so this runs on the mock alone; wallet updates would
  // anyway, as real wallet payloads cannot be forged (as for TOK-4).
  test(
    'TOK-2: an accepted update with card_id and ACH data or a wallet payload is stored under that card_id',
    rules(['TOK-2']),
    async ({ gateway, suite, mock }) => {
      const merchantId = suite.merchant.merchantId;
      const kinds = [ACH_UPDATE, WALLET_UPDATE];
      const created = await atOnce(kinds.map((kind) => gateway.tokenize(kind.create(merchantId))));
      // Each entry's creation is another rule's (TOK-3, TOK-4), judged after the updates, as above.
      const made = kinds.map((kind, i) => kind.createdBy(created[i]!, `an entry of ${kind.data} to update`));
      const answers = await atOnce(
        kinds.map((kind, i) =>
          isMade(made[i]!) ? gateway.tokenize(kind.update(merchantId, cardIdOf(created[i]!))) : undefined,
        ),
      );
      const stored = await atOnce(
        answers.map((answer, i) => (answer && succeeded(answer) ? mock.card(cardIdOf(created[i]!)) : undefined)),
      );
      for (const [i, kind] of kinds.entries()) {
        const [entry, answer, held] = [created[i]!, answers[i], stored[i]];
        if (answer && held) verify(storedAsUpdated(held, answer, { data: kind.data }), entry, answer);
        else if (answer) notUpdated(refusedUpdate(kind.kind, answer));
      }
      made.forEach((j, i) => verify(j, created[i]!));
    },
  );
});

const isMade = (creation: Judgement) => creation.problems.length === 0;

/** A refused update is observed and listed as not judged (which fields must be present together is not shown). */
function notUpdated(refused: ReturnType<typeof refusedUpdate>): void {
  observe('TOK-2', refused.text, refused.data);
  notExercised('TOK-2', refused.reason);
}

/** Declined updates are observed and listed as not judged; which cards a gateway takes is not shown. */
function notJudged(declined: Attempt[]): void {
  for (const d of declined.map(declinedUpdate)) notUpdated(d);
}
const declinedAnswers = (declined: Attempt[]) => declined.map((d) => d.answer);

test.describe('payment information kinds (section 4.1 rule 3)', () => {
  test('TOK-3: ACH data (type_id S) is saved under a new card_id', rules(['TOK-3']), async ({ gateway, suite }) => {
    const answer = await gateway.tokenize(newAchRequest(suite.merchant.merchantId));
    verify(achTokenized(answer), answer);
  });

  test('TOK-4: a wallet payload is saved under a new card_id', rules(['TOK-4']), async ({ gateway, suite }) => {
    const answer = await gateway.tokenize(newWalletRequest(suite.merchant.merchantId));
    verify(walletTokenized(answer), answer);
  });
});

test(
  'TOK-5: an integrator with the vendor key and its vendor_id tokenizes',
  rules(['TOK-5', 'AUTH-5']),
  async ({ gateway, suite, vendor }) => {
    const answer = await gateway.tokenize(
      newCardRequest(suite.merchant.merchantId, { vendor_id: vendor.vendorId }),
      'vendor',
    );
    verify(integratorTokenized(answer), answer);
    countJudged('AUTH-5', 1, 'requests with the vendor key');
  },
);

test(
  'TOK-12: merchant_id as the string section 2.1 gives it is not refused where the same request with it as a number is accepted',
  rules(['TOK-12']),
  async ({ gateway, suite }) => {
    const merchantId = suite.merchant.merchantId;
    if (suite.merchant.idForm === 'number')
      observe(
        'TOK-12',
        'The preflight found tokenize refuses merchant_id as a string and takes it as a JSON number, so this run sent it as a ' +
          'number in every other tokenize request, for the other rules to be exercised.',
      );
    const request = newCardRequest(merchantId);
    const asString = await gateway.tokenize(request, 'merchant', 'string');
    if (succeeded(asString)) return countJudged('TOK-12', 1, 'tokenize requests with merchant_id as a string');
    if (merchantIdNumber(merchantId) === undefined)
      return notExercised(
        'TOK-12',
        'tokenize refused merchant_id as a string, and PG_MERCHANT_ID is not a whole number, so no number form to compare',
      );
    const asNumber = await gateway.tokenize(request, 'merchant', 'number');
    if (!succeeded(asNumber))
      return notExercised(
        'TOK-12',
        'tokenize refused the valid request with merchant_id as a string and as a number alike',
      );
    verify(stringFormTaken(asString, asNumber), asString, asNumber);
  },
);

test('TOK-9: echo_fields comes back exactly as sent', rules(['TOK-9']), async ({ gateway, suite }) => {
  const cases = [
    '[{"order_ref":"A-1001"}]',
    '[ {"note" : "spaced  out"} ,{"n":"2"}]',
    '[{"unicode":"ünïcødé ✓ 😀"},{"quote":"she said \\"hi\\""},{"slash":"a\\\\b/c"}]',
    // Whitespace around the array is still a string holding a JSON array; trimming it changes the string.
    ' \t[{"padded":"yes"}]\n',
    // An empty array is an echo_fields value too, not "nothing to echo".
    '[]',
  ];
  // Each value on a card of its own: all are sent at once, and judged in the order above.
  const answers = await atOnce(
    cases.map((echo) => gateway.tokenize(newCardRequest(suite.merchant.merchantId, { echo_fields: echo }))),
  );
  for (const [i, echo] of cases.entries()) {
    const answer = answers[i]!;
    // Whatever it answers with echo_fields in it, or on success, is judged on the answer (the gateway fixture).
    if (!echoDeclined(answer)) continue;
    if (i === 0) return verify(ordinaryEchoServed(answer, echo), answer);
    // Limits on echo_fields' content are not shown: a gateway may decline the unusual ones outright.
    observe(
      'TOK-9',
      `echo_fields ${JSON.stringify(echo)} was declined (rcode ${JSON.stringify(bodyField(answer, 'rcode'))})`,
      { kind: 'declined-echo-fields', value: JSON.stringify(echo) },
    );
    notExercised(
      'TOK-9',
      'the gateway declined an unusual echo_fields value, so its echo was not seen (limits on echo_fields are not shown)',
    );
  }
});

// A conformant gateway stores nothing for these, but a faulty one would: they count as writes. Each answer is
// held to its rule by the registry's single-exchange checks (checks/tokenize.ts), which the gateway fixture runs.
test('TOK-7: a tokenize request without merchant_id is not accepted', rules(['TOK-7']), async ({ gateway, suite }) => {
  const { merchant_id: _omitted, ...body } = newCardRequest(suite.merchant.merchantId);
  await gateway.tokenize(body);
});

// Section 2.1 ties merchant_id to the key ("Merchant ID that links to the API key") without saying that another
// merchant's ID is refused: a gateway serving it is not failed, and a QA lead sees it as a notable leniency. A
// write (a served one stores the published test card), so never sent where the run may not write.
test(
  'TOK-7: tokenize with the merchant key naming another merchant_id is served or refused, and a serving is shown',
  rules(['TOK-7']),
  async ({ gateway, suite }) => {
    const other = otherMerchantIdLike(suite.merchant.merchantId);
    // In the form the run sends its own ID (TOK-12), so the ID alone differs.
    const answer = await gateway.tokenize(newCardRequest(other), 'merchant', suite.merchant.idForm);
    if (succeeded(answer))
      observeLeniency(
        'other-merchant-id-served',
        'tokenize',
        'tokenize served the merchant key with a merchant_id that is not PG_MERCHANT_ID (made up in its shape)',
      );
  },
);

/** Requests each breaking one format spec/openapi.yaml states: exp_date MMYY, tr_number nine digits. */
const BROKEN_FORMATS: ((merchantId: string) => TokenizeRequest)[] = [
  (m) => newCardRequest(m, { exp_date: '1329' }), // month 13
  (m) => newCardRequest(m, { exp_date: '12/29' }), // a slash
  (m) => newCardRequest(m, { exp_date: '129' }), // three digits
  (m) => newAchRequest(m, { tr_number: '12345' }), // five digits
  (m) => newAchRequest(m, { tr_number: '01100001A' }), // a letter
];

test(
  'TOK-10: no request breaking a stated format of exp_date or tr_number is reported as success',
  rules(['TOK-10', 'ERR-1']),
  async ({ gateway, suite }) => {
    // Each answer is judged by TOK-10 as it comes (checks/tokenize.ts, run by the gateway fixture): the request
    // breaks a format spec/openapi.yaml states. Each stands alone, so all are sent at once.
    await atOnce(BROKEN_FORMATS.map((body) => gateway.tokenize(body(suite.merchant.merchantId))));
  },
);

test(
  'TOK-10: a request with a card_id that names no stored card is not reported as success',
  rules(['TOK-10', 'ERR-1']),
  async ({ gateway, suite }) => {
    const answer = await gateway.tokenize(
      newCardRequest(suite.merchant.merchantId, { card_id: `no-such-card-${Date.now()}` }),
    );
    // That the card_id names nothing stored is the suite's knowledge, not the answer's: judged by its judge.
    verify(unknownCardIdRefused(answer), answer);
  },
);
