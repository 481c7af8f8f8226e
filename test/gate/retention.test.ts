import { describe, expect, it } from 'vitest';
import { computeExpiry, DEFAULT_EPISODE_TTL_SECONDS } from '../../src/gate/retention.ts';

const now = new Date('2026-03-01T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('computeExpiry', () => {
  it('expires episodes after 90 days by default, or the configured period', () => {
    expect(DEFAULT_EPISODE_TTL_SECONDS).toBe(7_776_000);
    expect(computeExpiry({ kind: 'episode' }, { now })).toEqual({ ok: true, expiresAt: at(7_776_000) });
    expect(computeExpiry({ kind: 'episode' }, { now, episodeTtlSeconds: 3600 })).toEqual({
      ok: true,
      expiresAt: at(3600),
    });
  });

  it('keeps every other kind until revoked', () => {
    for (const kind of ['preference', 'fact', 'decision', 'constraint', 'rule'] as const) {
      expect(computeExpiry({ kind }, { now })).toEqual({ ok: true, expiresAt: null });
    }
  });

  it('lets an explicit ttl_seconds or expires_at win, for any kind', () => {
    expect(computeExpiry({ kind: 'fact', ttl_seconds: 60 }, { now })).toEqual({
      ok: true,
      expiresAt: at(60),
    });
    expect(computeExpiry({ kind: 'episode', ttl_seconds: 60 }, { now })).toEqual({
      ok: true,
      expiresAt: at(60),
    });
    expect(computeExpiry({ kind: 'episode', expires_at: '2027-01-01T00:00:00+01:00' }, { now })).toEqual({
      ok: true,
      expiresAt: new Date('2026-12-31T23:00:00Z'),
    });
  });

  it('refuses an expiry in the past and a window that closes before it opens', () => {
    expect(computeExpiry({ kind: 'fact', expires_at: '2026-03-01T12:00:00Z' }, { now })).toMatchObject({
      ok: false,
      code: 'retention.already_expired',
    });
    expect(
      computeExpiry({ kind: 'fact', ttl_seconds: 60, valid_from: '2026-03-02T00:00:00Z' }, { now }),
    ).toMatchObject({ ok: false, code: 'retention.invalid_window' });
    expect(computeExpiry({ kind: 'fact', valid_from: '2030-01-01T00:00:00Z' }, { now })).toEqual({
      ok: true,
      expiresAt: null,
    });
  });
});
