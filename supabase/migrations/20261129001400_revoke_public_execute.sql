-- engram: functions are executable only by the roles granted explicitly.
-- `alter default privileges ... revoke ... from public` in the RLS migration did nothing (per-schema default
-- privileges can only add rights), so every function was executable by PUBLIC, including anon. Table grants and
-- RLS still blocked the calls, but the API surface should be exactly what is granted.

revoke execute on all functions in schema engram from public;

-- Helpers that policies, generated columns and triggers evaluate as the querying role.
grant execute on function
  engram.app_tenant_id(), engram.jwt_claims(), engram.jwt_tenant_id(), engram.jwt_subject(),
  engram.current_tenant_id(), engram.tags_text(text[]), engram.ts_config_for(text)
to engram_app, authenticated, engram_operator;
