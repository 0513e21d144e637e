import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('TRUSTED_PROXIES', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: ' ' }).TRUSTED_PROXIES).toEqual([]);
  });

  it('reads comma-separated addresses, CIDR ranges and the proxy-addr range names', () => {
    const config = loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12,fd00::/8 ,::1,loopback' });
    expect(config.TRUSTED_PROXIES).toEqual(['10.0.0.1', '172.16.0.0/12', 'fd00::/8', '::1', 'loopback']);
  });

  it.each(['*', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', 'fd00::/129', '10.0.0.0/'])('stops the boot on %s', (entry) => {
    expect(() => loadConfig({ TRUSTED_PROXIES: entry })).toThrow(/TRUSTED_PROXIES/);
  });
});
