-- Readable source of the SQL function follows_wallet, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Whether one wallet follows another (one primary-key probe), for the messages slice's
-- one-statement writes: a new conversation reaches the recipient's inbox when they follow the
-- sender (messages/repo.ts conversationRowsSql).
-- Installed by drizzle/0038_follows_wallet.sql.
CREATE OR REPLACE FUNCTION public.follows_wallet(p_follower_id uuid, p_following_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT EXISTS (
    SELECT 1 FROM follows WHERE follower_id = p_follower_id AND following_id = p_following_id
  )
$function$;
