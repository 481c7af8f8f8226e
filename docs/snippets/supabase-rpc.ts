// Use it from your app: supabase-js straight to Engram's database API, as the signed-in user. Row-level
// security limits the user to their own subject (the JWT's sub) in their tenant (app_metadata.tenant_id).
import type { SupabaseClient } from '@supabase/supabase-js';

/** One memory as the RPC functions return it (the same JSON as the HTTP API). */
interface MemoryRow {
  id: string;
  kind: string;
  content: string;
  created_at: string;
}

export async function supabaseExample(supabase: SupabaseClient, userId: string) {
  const engram = supabase.schema('engram'); // expose the schema in the project's API settings

  // "What does the app remember about me?"
  const { data: memories, error } = await engram.rpc('list_memories', { p_subject: userId, p_limit: 20 });
  if (error) throw error;

  // Words the user typed in a settings search box (full-text lane only: no embedder in the browser).
  const { data: hits, error: searchError } = await engram.rpc('search_lexical', {
    p_subject: userId,
    p_query: 'cilantro',
    p_limit: 5,
  });
  if (searchError) throw searchError;

  // "Forget this": a soft revoke with a reason, audited; recall never returns it again.
  const first = (hits as { memory: MemoryRow }[])[0]?.memory;
  if (first) {
    const { error: revokeError } = await engram.rpc('revoke_memory', {
      p_id: first.id,
      p_reason: 'deleted in settings',
    });
    if (revokeError) throw revokeError;
  }
  return { memories: memories as MemoryRow[], revoked: first?.id ?? null };
}
