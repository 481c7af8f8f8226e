import { describe, expect, it } from 'vitest';
import type { CallerContext } from '../../src/gate/caller.ts';
import { assignTrust, defaultSourceType } from '../../src/gate/trust.ts';

const apiKey: CallerContext = { auth: 'api_key', scopes: ['memories:write'] };
const admin: CallerContext = { auth: 'api_key', scopes: ['memories:write', 'admin'] };
const jwt: CallerContext = { auth: 'jwt', scopes: ['memories:write'] };
const operator: CallerContext = { auth: 'operator', scopes: [] };

describe('assignTrust', () => {
  it.each([
    ['external', apiKey, 0],
    ['model', apiKey, 1],
    ['user', apiKey, 2],
    ['app', apiKey, 2],
    ['user', jwt, 2],
    ['external', operator, 0],
    ['model', operator, 1],
    ['system', operator, 3],
  ] as const)('gives %s written by %o trust %i', (source, caller, trust) => {
    expect(assignTrust(source, caller)).toEqual({
      trust,
      sourceType: source,
      defaulted: false,
      capped: false,
    });
  });

  it('caps system to 2 for anyone but the operator, whatever their scopes', () => {
    for (const caller of [apiKey, admin, jwt]) {
      expect(assignTrust('system', caller)).toEqual({
        trust: 2,
        sourceType: 'system',
        defaulted: false,
        capped: true,
      });
    }
  });

  it('caps every source to 0 when injection is suspected, operator included', () => {
    for (const source of ['user', 'app', 'model', 'system'] as const) {
      expect(assignTrust(source, operator, true).trust).toBe(0);
      expect(assignTrust(source, apiKey, true).trust).toBe(0);
    }
  });

  it('defaults a missing source to app for API keys and user for JWTs, never to system', () => {
    expect(defaultSourceType(apiKey)).toBe('app');
    expect(defaultSourceType(jwt)).toBe('user');
    expect(defaultSourceType(operator)).toBe('app');
    expect(assignTrust(undefined, apiKey)).toEqual({
      trust: 2,
      sourceType: 'app',
      defaulted: true,
      capped: false,
    });
    expect(assignTrust(undefined, jwt)).toEqual({
      trust: 2,
      sourceType: 'user',
      defaulted: true,
      capped: false,
    });
    expect(assignTrust(undefined, operator).trust).toBe(2);
  });
});
