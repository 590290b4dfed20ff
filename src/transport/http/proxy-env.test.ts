import { expect, test } from '@playwright/test';
import { proxyFor } from './proxy-env.js';

const to = (url: string, env: NodeJS.ProcessEnv) => proxyFor(new URL(url), env)?.href;

test('https targets use HTTPS_PROXY, http targets HTTP_PROXY, the lower-case form first', () => {
  const env = { HTTPS_PROXY: 'http://upper:3128', https_proxy: 'http://lower:3128', HTTP_PROXY: 'http://plain:8080' };
  expect(to('https://gateway.example/pg', env)).toBe('http://lower:3128/');
  expect(to('http://gateway.example/pg', env)).toBe('http://plain:8080/');
  expect(to('https://gateway.example/pg', { HTTPS_PROXY: 'http://upper:3128' })).toBe('http://upper:3128/');
});

test('an https target falls back to HTTP_PROXY; no variable, or an empty one, means direct', () => {
  expect(to('https://gateway.example/', { HTTP_PROXY: 'http://plain:8080' })).toBe('http://plain:8080/');
  expect(to('https://gateway.example/', {})).toBeUndefined();
  expect(to('https://gateway.example/', { https_proxy: '', HTTPS_PROXY: 'http://upper:3128' })).toBe(
    'http://upper:3128/',
  );
});

test('a bare host:port is an http proxy, and credentials in it are kept for Proxy-Authorization', () => {
  expect(to('https://gateway.example/', { HTTPS_PROXY: 'proxy.corp:3128' })).toBe('http://proxy.corp:3128/');
  expect(to('https://gateway.example/', { HTTPS_PROXY: 'http://u:p%40ss@proxy.corp:3128' })).toBe(
    'http://u:p%40ss@proxy.corp:3128/',
  );
  expect(() => to('https://gateway.example/', { HTTPS_PROXY: 'socks5://proxy.corp:1080' })).toThrow(/not supported/);
});

test('NO_PROXY: *, names with their subdomains, leading dots and wildcards, IPs, ports', () => {
  const via = (noProxy: string, url = 'https://api.gateway.example/') =>
    to(url, { HTTPS_PROXY: 'http://p:3128', NO_PROXY: noProxy });
  expect(via('*')).toBeUndefined();
  expect(via('gateway.example')).toBeUndefined();
  expect(via('.gateway.example')).toBeUndefined();
  expect(via('*.gateway.example')).toBeUndefined();
  expect(via('other.example, api.gateway.example')).toBeUndefined();
  expect(via('example.org notgateway.example')).toBe('http://p:3128/');
  expect(via('gateway.example:8443')).toBe('http://p:3128/');
  expect(via('gateway.example:8443', 'https://api.gateway.example:8443/')).toBeUndefined();
  expect(via('10.1.2.3', 'https://10.1.2.3/')).toBeUndefined();
  expect(via('10.1.2', 'https://10.1.2.3/')).toBe('http://p:3128/');
  expect(via('[2001:db8::1]:443', 'https://[2001:db8::1]/')).toBeUndefined();
  expect(
    to('https://api.gateway.example/', { HTTPS_PROXY: 'http://p:3128', no_proxy: 'gateway.example', NO_PROXY: 'x' }),
  ).toBeUndefined();
});

test('loopback targets (the embedded mock) always go direct, whatever the proxy variables say', () => {
  const env = { HTTP_PROXY: 'http://p:3128', HTTPS_PROXY: 'http://p:3128' };
  for (const url of [
    'http://127.0.0.1:4010/',
    'http://localhost:4010/',
    'https://[::1]:4010/',
    'http://127.1.2.3/',
    'http://mock.localhost/',
  ]) {
    expect(to(url, env), url).toBeUndefined();
  }
});
