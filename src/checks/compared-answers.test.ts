import { expect, test } from '../testing/fixtures.js';
import { madeUpExchange } from '../testing/made-up/exchange.js';
import { described, saidBy, same } from './compared-answers.js';

const platform = (status: number, text: string) => madeUpExchange('platform', status, text);
const pg = (status: number, text: string) => madeUpExchange('pg', status, text);

test('two answers are the same when the document cannot tell them apart: HTTP status and family indicator', () => {
  const unknown = platform(404, '{"code":1301,"message":"No such webhook"}');
  expect(same(unknown, platform(404, '{"code":1301,"message":"Webhook not found","data":{}}'))).toBe(true);
  expect(same(unknown, platform(409, '{"code":1301,"message":"No such webhook"}'))).toBe(false);
  expect(same(unknown, platform(404, '{"code":1302,"message":"No such webhook"}'))).toBe(false);
  expect(same(pg(400, '{"rcode":"405","rmsg":"a"}'), pg(400, '{"rcode":"406","rmsg":"a"}'))).toBe(false);
  // Without a JSON body only the status tells them apart.
  expect(same(platform(502, '<html>Bad gateway</html>'), platform(502, ''))).toBe(true);
});

test("an answer is described in the document's terms: the status, and its family's code when it carries one", () => {
  expect(described(platform(401, '{"code":1004,"message":"bad key"}'))).toBe('HTTP 401, code 1004');
  expect(described(pg(400, '{"rcode":"405","rmsg":"bad expiry"}'))).toBe('HTTP 400, rcode "405"');
  expect(described(platform(502, '<html>Bad gateway</html>'))).toBe('HTTP 502');
});

test("the target's own words on a failure are quoted short, redacted, and absent when it gave none", () => {
  const redact = (text: string) => text.replaceAll('mock_api_key', '[redacted]');
  expect(saidBy(pg(401, '{"rcode":"101","rmsg":"  bad\\n key  mock_api_key "}'), redact)).toBe('"bad key [redacted]"');
  expect(saidBy(platform(401, '{"code":1004,"message":"Authentication failed"}'), redact)).toBe(
    '"Authentication failed"',
  );
  // rmsg, the /pg/ text, is preferred; an empty one gives way to message.
  expect(saidBy(pg(400, '{"rcode":"405","rmsg":" ","message":"the other"}'), redact)).toBe('"the other"');
  expect(saidBy(platform(404, '{"code":1301}'), redact)).toBeUndefined();
  const long = saidBy(platform(400, JSON.stringify({ code: 1201, message: 'x'.repeat(200) })), redact)!;
  expect(JSON.parse(long)).toHaveLength(160);
  expect(long.endsWith('..."')).toBe(true);
});
