-- or_tsquery no longer sends a NOTICE to the client on every recall: a query without CJK text asks for the OR of its
-- (no) bigrams, and plainto_tsquery('') says "text-search query doesn't contain lexemes" (a query of stop words
-- only says the same). An empty text returns null at once, and the function's messages below WARNING stay in the
-- server. Same results.
create or replace function engram.or_tsquery(p_config regconfig, p_text text)
returns tsquery
language plpgsql
immutable
parallel safe
set search_path = ''
-- A text with no lexeme (a query without CJK text asks for its bigrams: "") made plainto_tsquery send a NOTICE to
-- the client on every recall.
set client_min_messages = warning
as $$
  -- OR semantics: question-style queries rarely contain every word of the memory.
begin
  if coalesce(p_text, '') = '' then
    return null;
  end if;
  return nullif(pg_catalog.replace(pg_catalog.plainto_tsquery(p_config, p_text)::text, ' & ', ' | '), '')::tsquery;
end
$$;
