import { parseBasicAuthorization } from '../transport/auth.js';
import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';
import { acceptanceProblems, refusalProblems } from './errors.js';
import { firstFailing, judgeIn } from './judge.js';
import { REFUSED_DISABLE_JUDGES } from './refused-disable.js';
import { RuleTally, type ExchangeCheck, type FamilyChecks, type Finding } from './tally.js';

const judge = judgeIn(import.meta.url);

/**
 * AUTH: section 5. On the caller's side, the Authorization header a request carries; on the gateway's, that a
 * request without a valid one is refused and the refusal discloses nothing.
 */

/**
 * AUTH-7: nothing protected in a refused answer. A card ID means something was stored or disclosed; pg_id
 * (the attempt's transaction ID) and an echo of the caller's own data are not protected. A served answer is
 * no rejection: serving it is the fault of the rule that required the refusal, not a disclosure.
 */
export function disclosureProblems(exchange: Exchange): string[] {
  const problems: string[] = [];
  if (succeeded(exchange)) return problems;
  const cardId = bodyField(exchange, 'card_id');
  if (cardId !== undefined && cardId !== null && cardId !== '') problems.push('the answer discloses card_id');
  const data = bodyField(exchange, 'data');
  if (Array.isArray(data) && data.length > 0) problems.push(`the answer discloses ${data.length} customer records`);
  return problems;
}

/** Refused (failure indicator or HTTP error status) and nothing protected in the answer. */
export function rejectionProblems(exchange: Exchange): string[] {
  return [...refusalProblems(exchange), ...disclosureProblems(exchange)];
}

/** AUTH-1 / AUTH-4 / AUTH-2: an Authorization header, "Basic <Base 64>", decoding to ":" + key (section 5.3, 5.4). */
export function authorizationFindings(header: string | undefined): Finding[] {
  const parsed = parseBasicAuthorization(header);
  if ('problem' in parsed) {
    if (header === undefined || header === '') {
      return [
        {
          ruleId: 'AUTH-1',
          problems: ['the request carries no Authorization header'],
          expected: 'HTTP Basic authentication on every request',
        },
      ];
    }
    // A well-formed Base 64 token without the colon is a construction slip (5.3), not another scheme (5.4).
    const ruleId = parsed.slip === 'no-colon' ? 'AUTH-2' : 'AUTH-4';
    return [
      {
        ruleId,
        problems: [parsed.problem],
        expected:
          ruleId === 'AUTH-2'
            ? 'the token is Base 64 of ":" followed by the API key'
            : 'Authorization: Basic <API token>',
      },
    ];
  }
  const problems: string[] = [];
  if (parsed.user !== '')
    problems.push('the decoded token has a user part before the colon (section 5.3 leaves it empty)');
  if (parsed.password === '') problems.push('the decoded token carries no key after the colon');
  return problems.length
    ? [{ ruleId: 'AUTH-2', problems, expected: 'the token is Base 64 of ":" followed by the API key' }]
    : [];
}

/** The key a Basic header carries, when it carries one the section 5 way (for redaction and vendor detection). */
export function keyOf(header: string | undefined): string | undefined {
  const parsed = parseBasicAuthorization(header);
  return 'problem' in parsed ? undefined : parsed.password;
}

/**
 * The header as section 5 writes it when it differs only where HTTP allows more than the document's one
 * example: the scheme's case and the whitespace after it (RFC 7235 reads the scheme case-insensitively).
 */
function asSection5Writes(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^basic[ \t]+(\S*)$/i.exec(header);
  return match ? `Basic ${match[1]}` : header;
}

/**
 * AUTH-1 / AUTH-4 / AUTH-7: a request without, or with a malformed, Authorization is rejected and discloses
 * nothing. What section 5 leaves open (a user part, no colon, the scheme's case or spacing) may be served.
 */
export function authAnswerFindings(exchange: Exchange, j = new RuleTally()): RuleTally {
  const header = exchange.request.headers.authorization;
  const written = asSection5Writes(header);
  const auth = authorizationFindings(written)[0];
  const how = succeeded(exchange) ? 'accepted' : `rejected (HTTP ${exchange.status})`;
  if (!auth) {
    if (written !== header) j.observe('AUTH-4', `a Basic header written other than "Basic <token>" was ${how}`);
    return j;
  }
  if (auth.ruleId === 'AUTH-2') {
    // A user part or a missing colon may be served (section 5.6's try-it tool sends the merchant ID as user).
    j.observe('AUTH-4', `a token that is not ":" + key was ${how}`);
    return j;
  }
  j.add(auth.ruleId, refusalProblems(exchange), 'a rejection: the family failure indicator or an HTTP error status');
  j.add('AUTH-7', disclosureProblems(exchange), 'a rejection that discloses no card ID and no customer records');
  return j;
}

const judgeRefusal: ExchangeCheck = (exchange, tally) => authAnswerFindings(exchange, tally);

const judgeHeader: ExchangeCheck = (exchange, tally) =>
  tally.merge({
    findings: authorizationFindings(exchange.request.headers.authorization),
    observations: [],
    checked: ['AUTH-1', 'AUTH-2', 'AUTH-4'],
  });

/** An answer to a request with a key the test made: what the key was, where several are judged together. */
export type KeyAnswer = { what?: string; answer: Exchange };

/**
 * `check` held to every answer of `sent`: the problems of all, each named by what was sent, and as evidence the
 * answers that had any; `judged` counts them all as `what`.
 */
function eachOf(sent: readonly KeyAnswer[], check: (e: Exchange) => string[], what: string) {
  const judged = sent.map((s) => ({
    answer: s.answer,
    problems: check(s.answer).map((p) => (s.what ? `${s.what}: ${p}` : p)),
  }));
  return {
    problems: judged.flatMap((s) => s.problems),
    judged: { count: sent.length, what },
    evidence: judged.filter((s) => s.problems.length).map((s) => s.answer),
  };
}

/** AUTH-3: every near miss of the `party` key (nearMissKeys) is refused, each as one never issued. */
export const nearMissesRefused = judge('AUTH-3', function nearMissesRefused(party: string, sent: readonly KeyAnswer[]) {
  return {
    ...eachOf(sent, refusalProblems, `near misses of the ${party} key`),
    expected: `a rejection of every near miss of the ${party} key`,
  };
});

/** AUTH-4: every Authorization header section 5 does not build, each sent with the real key (`what` names it), is refused. */
export const malformedRefused = judge('AUTH-4', function malformedRefused(sent: readonly KeyAnswer[]) {
  return {
    ...eachOf(sent, refusalProblems, 'malformed Authorization headers'),
    expected: 'a rejection of every Authorization header section 5 does not build',
  };
});

/** AUTH-3: a well-formed token with a key never issued (`name` says which) is refused. */
export const unissuedKeyRefused = judge('AUTH-3', function unissuedKeyRefused(name: string, answer: Exchange) {
  return {
    problems: refusalProblems(answer),
    expected: `a rejection of ${name}`,
    judged: { count: 1, what: 'requests with an unknown key' },
  };
});

/** AUTH-7: the refusals of keys the test made disclose no card ID and no customer records (disclosureProblems). */
export const refusalsDiscloseNothing = judge('AUTH-7', function refusalsDiscloseNothing(sent: readonly KeyAnswer[]) {
  return {
    ...eachOf(sent, disclosureProblems, 'rejections'),
    expected: 'a rejection that discloses no card ID and no customer records',
  };
});

/** AUTH-7: an answer the gateway did not serve is a clean rejection: refused, disclosing nothing (rejectionProblems). */
export const cleanRejection = judge('AUTH-7', function cleanRejection(answer: Exchange) {
  return {
    problems: rejectionProblems(answer),
    expected: 'a clean rejection that discloses nothing',
    judged: { count: 1, what: 'rejections' },
  };
});

/** AUTH-2: a request with the merchant key in the section 5 construction is served (the family success indicator). */
export const merchantKeyServed = judge('AUTH-2', function merchantKeyServed(answer: Exchange) {
  return {
    problems: acceptanceProblems(answer),
    expected: 'the family success indicator',
    judged: { count: 1, what: 'requests with the merchant key' },
  };
});

/** AUTH-5: a request with the vendor key in place of the merchant key is served (the family success indicator). */
export const vendorKeyServed = judge('AUTH-5', function vendorKeyServed(answer: Exchange) {
  return {
    problems: acceptanceProblems(answer),
    expected: 'the family success indicator',
    judged: { count: 1, what: 'requests with the vendor key' },
  };
});

/**
 * AUTH-6: the vault listing serves as the authentication check: code 0 for valid credentials (`valid`), a
 * rejection for invalid ones (`revoked`, the key with a suffix). The valid side is judged first; the first side
 * with problems is the finding.
 */
export const authenticationCheck = judge('AUTH-6', function authenticationCheck(valid: Exchange, revoked: Exchange) {
  return firstFailing(
    { count: 2, what: 'listings (valid and revoked key)' },
    { problems: acceptanceProblems(valid), expected: 'code 0 for valid credentials', answer: valid },
    {
      problems: rejectionProblems(revoked),
      expected: 'invalid credentials are told apart from valid ones',
      answer: revoked,
    },
  );
});

/** AUTH-6: the listing with every query parameter of section 4.2 (`names`) serves valid credentials with code 0. */
export const everyParameterServed = judge(
  'AUTH-6',
  function everyParameterServed(answer: Exchange, names: readonly string[]) {
    return {
      problems: acceptanceProblems(answer).map((p) => `the listing with ${names.join(', ')}: ${p}`),
      expected: 'code 0 for valid credentials and the parameters of section 4.2',
      judged: { count: 1, what: 'listings with every query parameter' },
    };
  },
);

export const AUTH_CHECKS: FamilyChecks = {
  'AUTH-1': { gateway: judgeRefusal, application: judgeHeader },
  'AUTH-2': { application: judgeHeader, judges: [merchantKeyServed, REFUSED_DISABLE_JUDGES['AUTH-2']] },
  'AUTH-3': { judges: [nearMissesRefused, unissuedKeyRefused] },
  'AUTH-4': { gateway: judgeRefusal, application: judgeHeader, judges: [malformedRefused] },
  'AUTH-5': { judges: [vendorKeyServed, REFUSED_DISABLE_JUDGES['AUTH-5']] },
  'AUTH-6': { judges: [authenticationCheck, everyParameterServed] },
  'AUTH-7': { gateway: judgeRefusal, run: disclosureProblems, judges: [refusalsDiscloseNothing, cleanRejection] },
};
