// Error mapping of the client: the API's envelope becomes an EngramError with its code, status and details;
// an answer that is not the envelope gets a code from its status.
import { describe, expect, it } from 'vitest';
import { EngramError, isEngramError } from '../../src/client/errors.ts';
import { errorFromResponse } from '../../src/client/transport.ts';

const envelope = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('errorFromResponse', () => {
  it('keeps the code, message, details and request id of the envelope', async () => {
    const error = await errorFromResponse(
      envelope(
        422,
        { code: 'rejected_by_gate', message: 'no', details: { reasons: [{ code: 'secret.aws' }] } },
        {
          'x-request-id': 'r-1',
        },
      ),
    );
    expect(error).toBeInstanceOf(EngramError);
    expect(error).toMatchObject({
      code: 'rejected_by_gate',
      status: 422,
      message: 'no',
      details: { reasons: [{ code: 'secret.aws' }] },
      requestId: 'r-1',
    });
    expect(isEngramError(error, 'rejected_by_gate')).toBe(true);
    expect(isEngramError(error, 'not_found')).toBe(false);
  });

  it('falls back to the status for a body that is not the envelope', async () => {
    const html = (status: number) => new Response('<html>bad gateway</html>', { status });
    expect((await errorFromResponse(html(502))).code).toBe('internal');
    expect((await errorFromResponse(html(503))).code).toBe('unavailable');
    expect((await errorFromResponse(html(429))).code).toBe('rate_limited');
    expect((await errorFromResponse(html(418))).code).toBe('invalid_response');
    // A code outside the API's closed set is not trusted either.
    expect((await errorFromResponse(envelope(404, { code: 'weird', message: 'x' }))).code).toBe('not_found');
  });
});
