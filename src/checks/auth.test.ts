import { expect, test } from '../testing/fixtures.js';
import { apiToken } from '../transport/auth.js';
import { madeUpExchange } from '../testing/made-up/exchange.js';
import { authAnswerFindings, disclosureProblems, rejectionProblems } from './auth.js';

const refused = (authorization?: string) =>
  madeUpExchange('pg', 401, '{"rcode":"101","rmsg":"Authentication failed"}', { authorization });
const served = (authorization?: string) =>
  madeUpExchange('pg', 200, '{"rcode":"000","rmsg":"ok","card_id":"card1","pg_id":"pg1"}', { authorization });
const token = apiToken('key_for_tests');

test('a request without an Authorization header must be refused (AUTH-1) and disclose nothing (AUTH-7)', () => {
  const kept = authAnswerFindings(refused());
  expect(kept.checked).toEqual(['AUTH-1', 'AUTH-7']);
  expect(kept.findings).toEqual([]);
  expect(authAnswerFindings(served()).findings.map((f) => f.ruleId)).toEqual(['AUTH-1']);
});

test('a header out of the section 5 form must be refused (AUTH-4); a refusal that keeps a card_id breaks AUTH-7', () => {
  for (const header of [`Bearer ${token}`, 'Basic key_for_tests', 'Basic ', 'Basic  ', `Basic${token}`, token]) {
    expect(authAnswerFindings(refused(header)).checked, header).toEqual(['AUTH-4', 'AUTH-7']);
    expect(
      authAnswerFindings(served(header)).findings.map((f) => f.ruleId),
      header,
    ).toEqual(['AUTH-4']);
  }
  const leaking = madeUpExchange('pg', 401, '{"rcode":"101","rmsg":"no","card_id":"card1"}', {
    authorization: `Bearer ${token}`,
  });
  expect(authAnswerFindings(leaking).findings).toEqual([
    {
      ruleId: 'AUTH-7',
      problems: ['the answer discloses card_id'],
      expected: 'a rejection that discloses no card ID and no customer records',
    },
  ]);
});

test("what section 5 leaves open is observed, served or not: the scheme's case and spacing, a user part, no colon", () => {
  const userPart = `Basic ${Buffer.from('merchant:key_for_tests').toString('base64')}`;
  const noColon = `Basic ${Buffer.from('key_for_tests').toString('base64')}`;
  for (const header of [`basic ${token}`, `BASIC  ${token}`, `Basic\t${token}`, userPart, noColon]) {
    for (const answer of [served(header), refused(header)]) {
      const judged = authAnswerFindings(answer);
      expect(judged.findings, header).toEqual([]);
      expect(
        judged.observations.map((o) => o.ruleId),
        header,
      ).toEqual(['AUTH-4']);
    }
  }
  // The section 5 construction itself is not this family's to judge on the gateway's side.
  expect(authAnswerFindings(served(`Basic ${token}`)).checked).toEqual([]);
});

test('a rejection is the failure indicator or an HTTP error status, with no card_id and no customer records', () => {
  expect(rejectionProblems(refused())).toEqual([]);
  expect(rejectionProblems(served())).toEqual(['the answer carries the success indicator (HTTP 200)']);
  const listing = madeUpExchange('platform', 401, '{"code":1004,"data":[{"customer_id":"c1"}]}');
  expect(disclosureProblems(listing)).toEqual(['the answer discloses 1 customer records']);
  // A served answer is no rejection, so it discloses nothing: serving it is the refusing rule's fault.
  expect(disclosureProblems(served())).toEqual([]);
});
