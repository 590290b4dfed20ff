/**
 * Notable leniencies: requests the document neither allows nor forbids outright that a gateway serving them
 * should still be seen serving, on the page a QA lead signs off. Each is probed by one request of the suite;
 * served, it is an observation of its rule whose kind is its name, and the reports list it in a section of
 * its own, never part of the verdict. A refusal says nothing, so it is not recorded as a leniency.
 *
 * The mock's variations that show one name it (their `leniency`), so verify:suite proves each probe still
 * sees what it probes for.
 */
export type Leniency = {
  /** The rule the probe's test names, whose observation the leniency is. */
  readonly rule: string;
  /** Where the document touches the behaviour. */
  readonly section: string;
  /** The document's words the request comes close to. */
  readonly source: string;
  /** What the probe sent, in a few words. */
  readonly sent: string;
  /** What serving it means for a client and for the cutover. */
  readonly meaning: string;
};

export const LENIENCIES = {
  'other-merchant-id-served': {
    rule: 'TOK-7',
    section: '2.1',
    source: 'merchant_id | string | Merchant ID that links to the API key.',
    sent: "a tokenize with the merchant key naming a merchant_id made up in the shape of the configured one's",
    meaning:
      'The gateway does not hold merchant_id to the merchant its key belongs to: a client sending the wrong ID is ' +
      'not told, and under which merchant the card was stored is not shown.',
  },
  'key-whitespace-trimmed': {
    rule: 'AUTH-3',
    section: '5.2, 5.3',
    source: 'Put a colon in front of the API key (the user part is empty), then Base 64 encode the resulting string.',
    sent: 'a vault listing with the merchant key with a space before and after it, in the section 5 construction',
    meaning:
      'The gateway compares the key without the whitespace around it: a key pasted with a space or a line end ' +
      'works here, and may not where the key is compared as issued (production, another gateway).',
  },
  'key-as-user-part': {
    rule: 'AUTH-4',
    section: '5.3',
    source: 'Put a colon in front of the API key (the user part is empty)',
    sent: 'the merchant key as the user part and nothing after the colon ("KEY:" in place of ":KEY")',
    meaning:
      'The gateway takes the key from either side of the colon: a client that swapped the parts works here, ' +
      'and may not where the token is read as section 5.3 builds it.',
  },
} as const satisfies Record<string, Leniency>;

export type LeniencyName = keyof typeof LENIENCIES;

export const LENIENCY_NAMES = Object.keys(LENIENCIES) as LeniencyName[];

/** Whether an observation's kind is a notable leniency's. */
export const isLeniency = (kind: string): kind is LeniencyName => Object.hasOwn(LENIENCIES, kind);

/** What a probe records when the gateway served it: the value every leniency observation holds. */
export const SERVED = 'served';
