import { expect, test } from '../testing/fixtures.js';
import { DEFAULT_PROXY_PORT, proxyPort } from '../config/proxy-port.js';
import { parseProxyArgs } from './args.js';

test('listens on loopback unless told otherwise, and refuses another address without the flag', () => {
  expect(parseProxyArgs([])).toEqual({ host: '127.0.0.1', durationMs: undefined, allowNonLoopback: false });
  expect(parseProxyArgs(['--host', '::1']).host).toBe('::1');
  expect(() => parseProxyArgs(['--host', '0.0.0.0'])).toThrow('not a loopback address');
  expect(() => parseProxyArgs(['--host', '192.168.1.20'])).toThrow('--allow-non-loopback');
  expect(parseProxyArgs(['--host=0.0.0.0', '--allow-non-loopback'])).toMatchObject({
    host: '0.0.0.0',
    allowNonLoopback: true,
  });
  expect(() => parseProxyArgs(['--host', 'gateway.example'])).toThrow('must be an IP address or localhost');
});

test('--duration takes seconds or a unit; anything else is refused with the usage', () => {
  expect(parseProxyArgs(['--duration', '90']).durationMs).toBe(90_000);
  expect(parseProxyArgs(['--duration=5m']).durationMs).toBe(300_000);
  expect(parseProxyArgs(['--duration', '1.5s']).durationMs).toBe(1_500);
  expect(() => parseProxyArgs(['--duration', 'soon'])).toThrow('--duration takes a number of seconds');
  expect(() => parseProxyArgs(['--verbose'])).toThrow('unknown argument "--verbose"');
});

test('PG_PROXY_PORT defaults to 4020 and must be a port number', () => {
  expect(proxyPort({})).toBe(DEFAULT_PROXY_PORT);
  expect(DEFAULT_PROXY_PORT).toBe(4020);
  expect(proxyPort({ PG_PROXY_PORT: '0' })).toBe(0);
  expect(proxyPort({ PG_PROXY_PORT: '8443' })).toBe(8443);
  expect(() => proxyPort({ PG_PROXY_PORT: '70000' })).toThrow('PG_PROXY_PORT must be a whole number from 0 to 65535');
  expect(() => proxyPort({ PG_PROXY_PORT: 'http' })).toThrow('PG_PROXY_PORT');
});
