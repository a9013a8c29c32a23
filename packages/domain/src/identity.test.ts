import { describe, expect, it } from 'vitest';
import {
  assertionOnlyPcp,
  chatbotAllowed,
  displayedPolicyId,
  greetingName,
  mayAttachAccessToken,
  resolveRoles,
  sessionIdType,
} from './identity';

describe('resolveRoles', () => {
  it('prefers the assertion, then the user role, then the claims', () => {
    expect(resolveRoles({ assertionRole: 'broker', userRole: 'member', claims: { roles: ['x'] } })).toEqual([
      'broker',
    ]);
    expect(
      resolveRoles({ assertionRole: '', userRole: ['member', 'member'], claims: { roles: ['x'] } }),
    ).toEqual(['member']);
    expect(
      resolveRoles({ assertionRole: [], claims: { roles: ['customer-service', ' administrator '] } }),
    ).toEqual(['customer-service', 'administrator']);
    expect(resolveRoles({ claims: { role: 'tester' } })).toEqual(['tester']);
  });

  it('skips values that are not text and gives no roles for a guest', () => {
    expect(resolveRoles({ assertionRole: 42, userRole: [null, 'member'] })).toEqual(['member']);
    expect(resolveRoles({})).toEqual([]);
    expect(resolveRoles({ claims: null })).toEqual([]);
  });
});

describe('chatbotAllowed', () => {
  it('matches configured roles case-insensitively', () => {
    expect(chatbotAllowed(['Member'], ['member', 'broker'])).toBe(true);
    expect(chatbotAllowed(['customer-service'], ['member'])).toBe(false);
    expect(chatbotAllowed([], ['member'])).toBe(false);
    expect(chatbotAllowed(['member'], [])).toBe(false);
  });
});

describe('greetingName', () => {
  it('uses name, else preferred_username, else upn', () => {
    expect(greetingName({ name: 'Maria Silva', preferred_username: 'msilva', upn: 'm@x' })).toBe(
      'Maria Silva',
    );
    expect(greetingName({ name: '  ', preferred_username: 'msilva', upn: 'm@x' })).toBe('msilva');
    expect(greetingName({ name: null, upn: 'maria@issuer.example' })).toBe('maria@issuer.example');
  });

  it('gives null when no name is known', () => {
    expect(greetingName({})).toBeNull();
    expect(greetingName(null)).toBeNull();
  });
});

describe('sessionIdType / displayedPolicyId', () => {
  it('reads the session id type', () => {
    expect(sessionIdType('ExchangeId')).toBe('ExchangeId');
    expect(sessionIdType('issuerid')).toBe('IssuerId');
    expect(sessionIdType('memberId')).toBe('other');
    expect(sessionIdType(null)).toBe('other');
  });

  it('shows the id configured by policyDisplayID, the exchange ID by default', () => {
    const policy = { exchangeId: 'EX00012345', issuerId: 'MA-778812' };
    expect(displayedPolicyId(policy, 'IssuerId')).toEqual({ idType: 'IssuerId', id: 'MA-778812' });
    expect(displayedPolicyId(policy, 'ExchangeId')).toEqual({ idType: 'ExchangeId', id: 'EX00012345' });
    expect(displayedPolicyId(policy, undefined)).toEqual({ idType: 'ExchangeId', id: 'EX00012345' });
    expect(displayedPolicyId({}, 'IssuerId')).toEqual({ idType: 'IssuerId', id: null });
    expect(displayedPolicyId({}, 'ExchangeId')).toEqual({ idType: 'ExchangeId', id: null });
  });
});

describe('assertionOnlyPcp', () => {
  it('reads OnlyPCP as a boolean or as text', () => {
    expect(assertionOnlyPcp({ OnlyPCP: false })).toBe(false);
    expect(assertionOnlyPcp({ onlypcp: 'TRUE' })).toBe(true);
    expect(assertionOnlyPcp({ OnlyPCP: ' false ' })).toBe(false);
  });

  it('gives null when absent or unreadable', () => {
    expect(assertionOnlyPcp({ OnlyPCP: 'maybe' })).toBeNull();
    expect(assertionOnlyPcp({ OnlyPCP: 0 })).toBeNull();
    expect(assertionOnlyPcp({})).toBeNull();
    expect(assertionOnlyPcp(null)).toBeNull();
  });
});

describe('mayAttachAccessToken', () => {
  const appOrigin = 'https://portal.example.com';
  const development = { appOrigin, allowedUrls: ['/api/', 'https://api.example.com'], production: false };
  const production = { ...development, production: true };

  it('attaches the token to allowed URLs', () => {
    expect(mayAttachAccessToken('/api/policies', development)).toBe(true);
    expect(mayAttachAccessToken('https://portal.example.com/api/policies', development)).toBe(true);
    expect(mayAttachAccessToken('https://PORTAL.example.com:443/api/x', development)).toBe(true);
    expect(mayAttachAccessToken('//portal.example.com/api/x', development)).toBe(true);
    expect(mayAttachAccessToken('https://api.example.com/v1/Wallet/1', development)).toBe(true);
    expect(mayAttachAccessToken('https://api.example.com', development)).toBe(true);
  });

  it('never attaches it to other URLs, look-alike hosts or ambiguous text', () => {
    expect(mayAttachAccessToken('/config/account.json', development)).toBe(false);
    expect(mayAttachAccessToken('https://api.example.com.evil.test/x', development)).toBe(false);
    expect(mayAttachAccessToken('https://api.example.com@evil.test/x', development)).toBe(false);
    expect(mayAttachAccessToken('https://evil.test/api/', development)).toBe(false);
    expect(mayAttachAccessToken('https://portal.example.com\\@evil.test/api/', development)).toBe(false);
    expect(mayAttachAccessToken('api/policies', development)).toBe(false);
    expect(mayAttachAccessToken('https:///api/', development)).toBe(false);
    expect(mayAttachAccessToken('/api/x', { ...development, appOrigin: 'portal' })).toBe(false);
    expect(mayAttachAccessToken('/api/x', { ...development, allowedUrls: ['not a url'] })).toBe(false);
  });

  it('in production sends it only to same-host URLs', () => {
    expect(mayAttachAccessToken('/api/policies', production)).toBe(true);
    expect(mayAttachAccessToken('https://api.example.com/v1/Wallet/1', production)).toBe(false);
    expect(mayAttachAccessToken('http://portal.example.com/api/x', production)).toBe(false);
  });

  it('treats a prefix ending in a slash as a folder', () => {
    expect(mayAttachAccessToken('/apiv2/x', development)).toBe(false);
    expect(mayAttachAccessToken('/api', development)).toBe(false);
    expect(mayAttachAccessToken('/api?x=1', { ...development, allowedUrls: ['/api'] })).toBe(true);
  });
});
