// Use it from your app: supabase-js straight to Engram's database API, as the signed-in user. Row-level
// security limits the user to their own subject (the JWT's sub) in their tenant (app_metadata.tenant_id). Reads go
// to the database; changes go to Engram over HTTPS with the same access token (the database grants users no write).
import type { SupabaseClient } from '@supabase/supabase-js';

/** One memory as the RPC functions return it (the same JSON as the HTTP API). */
interface MemoryRow {
  id: string;
  kind: string;
  content: string;
  created_at: string;
}

/** `accessToken` is the signed-in user's (`(await supabase.auth.getSession()).data.session.access_token`). */
export async function supabaseExample(
  supabase: SupabaseClient,
  userId: string,
  engram: { url: string; accessToken: string },
) {
  const db = supabase.schema('engram'); // expose the schema in the project's API settings

  // "What does the app remember about me?"
  const { data: memories, error } = await db.rpc('list_memories', { p_subject: userId, p_limit: 20 });
  if (error) throw error;

  // Words the user typed in a settings search box (full-text lane only: no embedder in the browser).
  const { data: hits, error: searchError } = await db.rpc('search_lexical', {
    p_subject: userId,
    p_query: 'cilantro',
    p_limit: 5,
  });
  if (searchError) throw searchError;

  // "Forget this": a soft revoke with a reason, audited; recall never returns it again. Over HTTPS, as the same user.
  const first = (hits as { memory: MemoryRow }[])[0]?.memory;
  if (first) {
    const res = await fetch(`${engram.url}/v1/memories/${first.id}/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${engram.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'deleted in settings' }),
    });
    if (!res.ok) throw new Error(`revoke failed: HTTP ${res.status}`);
  }
  return { memories: memories as MemoryRow[], revoked: first?.id ?? null };
}
