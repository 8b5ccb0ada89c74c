-- Readable source of the SQL function messages_search_words, as PostgreSQL prints the definition
-- the migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change
-- it with a new migration, then copy the new definition here.
--
-- The trigger that keeps a post's words for full-text search (messages.search, discover's
-- search reads them): set when the row is written and when its body changes, never on an update
-- of its counts (a stored generated column was computed again on every update: each like paid
-- for its post's words). Tested by search-words.test.ts.
-- Installed by drizzle/0054_messages_search_trigger.sql.
CREATE OR REPLACE FUNCTION public.messages_search_words()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.search := to_tsvector('simple', NEW.body);
  RETURN NEW;
END
$function$;
