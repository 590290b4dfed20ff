import { parsedJson, type Exchange } from '../../transport/exchange.js';

/**
 * An exchange no gateway made, for the unit tests of whatever judges one: an answer to tokenize (/pg/) or to
 * the vault listing (/platform/) with the given status and body text, to a request carrying `authorization`.
 */
export function madeUpExchange(
  family: 'pg' | 'platform',
  status: number,
  text: string,
  { headers = { 'content-type': 'application/json' }, authorization }: MadeUp = {},
): Exchange {
  const pg = family === 'pg';
  return {
    operation: pg ? 'tokenize' : 'listCustomers',
    family,
    request: {
      method: pg ? 'POST' : 'GET',
      url: `http://gw.test${pg ? '/pg/tokenize' : '/platform/vault/customer'}`,
      headers: authorization === undefined ? {} : { authorization },
      body: undefined,
    },
    status,
    headers,
    text,
    json: parsedJson(text),
    ms: 1,
  };
}

type MadeUp = { headers?: Record<string, string>; authorization?: string };
