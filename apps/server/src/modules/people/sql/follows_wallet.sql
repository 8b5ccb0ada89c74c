-- Readable source of the function follows_wallet, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Whether one wallet follows another (one primary-key probe), for the messages slice's
-- one-statement writes: a new conversation reaches the recipient's inbox when they follow the
-- sender (messages/repo.ts conversationRowsSql).
-- Installed by drizzle/0038_follows_wallet.sql, in PL/pgSQL since 0053_plpgsql_follows_wallet.sql
-- (PostgreSQL does not inline a SQL function whose SELECT holds a sub-select, so it planned the
-- probe again on every message; PL/pgSQL keeps the plan for the session).
CREATE OR REPLACE FUNCTION public.follows_wallet(p_follower_id uuid, p_following_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM follows WHERE follower_id = p_follower_id AND following_id = p_following_id);
END
$function$;
