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

describe('APP_URL, the address e-mailed links start with', () => {
  it('follows PORT when unset, so that the links of a server on another port reach it', () => {
    expect(loadConfig({}).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3140' }).APP_URL).toBe('http://localhost:3140');
    expect(loadConfig({ PORT: '3140', APP_URL: '' }).APP_URL).toBe('http://localhost:3140');
  });

  it('keeps a configured address, without its trailing slash', () => {
    expect(loadConfig({ PORT: '3140', APP_URL: 'https://app.promovente.ch/' }).APP_URL).toBe('https://app.promovente.ch');
  });
});

describe('LOCAL_MAILBOX (docs/decisions/027-local-mailbox-and-administration-actions.md)', () => {
  it('is on for a plain local run: no SMTP, the embedded database, links to this machine', () => {
    expect(loadConfig({}).localMailbox).toBe(true);
    for (const url of ['http://127.0.0.1:3160', 'http://[::1]:3000', 'http://promovente.localhost']) {
      expect(loadConfig({ APP_URL: url }).localMailbox, url).toBe(true);
    }
  });

  it('is off for a deployment: an SMTP server, PostgreSQL, or public links; and when asked off', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail.exemple.ch:587' }).localMailbox).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/promovente' }).localMailbox).toBe(false);
    expect(loadConfig({ APP_URL: 'https://vente.promovente.ch' }).localMailbox).toBe(false);
    expect(loadConfig({ APP_URL: 'http://localhost.exemple.ch' }).localMailbox).toBe(false);
    expect(loadConfig({ LOCAL_MAILBOX: '0' }).localMailbox).toBe(false);
  });

  it('is on when asked, on PostgreSQL or behind another address, but never with an SMTP server (the boot stops)', () => {
    expect(loadConfig({ LOCAL_MAILBOX: '1', DATABASE_URL: 'postgres://db/x', APP_URL: 'https://test.exemple.ch' }).localMailbox).toBe(true);
    expect(() => loadConfig({ LOCAL_MAILBOX: '1', SMTP_URL: 'smtp://mail.exemple.ch:587' })).toThrow(/LOCAL_MAILBOX=1 and SMTP_URL/);
    expect(() => loadConfig({ LOCAL_MAILBOX: 'oui' })).toThrow(/LOCAL_MAILBOX/);
  });
});
