// The subject rule, in one place: an end-user caller (a Supabase JWT) reaches only its own subject; an API key
// reaches every subject of its tenant (the tenant itself is scoped by row-level security in every case).
//
// The database holds the same rule for end users who call it directly (supabase-js, role `authenticated`): each
// `*_authenticated` policy checks `subject = (select engram.jwt_subject())`. Requests through Engram run as
// engram_app, whose policies scope the tenant only, so for them this module is what scopes the subject.
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';

/** Refuses (403) a caller that names a subject it may not reach: for writes, recall, erase and export. */
export function requireSubject(principal: Principal, subject: string): void {
  if (principal.subject !== undefined && principal.subject !== subject) {
    throw new AppError('forbidden', 'this caller may only reach its own subject');
  }
}

/**
 * The subject a listing is limited to: an end user's own (403 if it asks for another), else what was asked
 * (undefined: every subject of the tenant).
 */
export function subjectFilter(principal: Principal, requested: string | undefined): string | undefined {
  if (principal.subject === undefined) return requested;
  if (requested !== undefined) requireSubject(principal, requested);
  return principal.subject;
}

/**
 * A memory read by id, if the caller may see it; otherwise not_found. Another tenant's id, another subject's id
 * and a missing id look the same (404, never 403), so ids cannot be probed.
 */
export function visibleOrNotFound<T extends { subject: string }>(principal: Principal, memory: T | null): T {
  if (!memory || (principal.subject !== undefined && memory.subject !== principal.subject)) {
    throw new AppError('not_found', 'memory not found');
  }
  return memory;
}
