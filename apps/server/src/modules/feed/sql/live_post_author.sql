-- Readable source of the function live_post_author, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- The author of a post the viewer may act on: live (not expired), and not a pending escrow post
-- of someone else's (to anyone but its author that does not exist yet); null otherwise. The
-- rule of repo.ts lockLivePost, for toggle_engagement and add_comment, which take the post's
-- row lock first and then ask, so the answer is read after the lock is granted; moderation's
-- report targets ask it too (the feed imports moderation, so its TypeScript face is out of reach).
-- Installed by drizzle/0029_engagement_calls.sql, in PL/pgSQL since 0052_plpgsql_lookups.sql (a SQL
-- function's body is planned again on every call; PL/pgSQL keeps the plan for the session).
CREATE OR REPLACE FUNCTION public.live_post_author(p_post_id bigint, p_viewer_id uuid, p_now timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (
    SELECT m.author_id FROM messages m
    WHERE m.id = p_post_id AND (m.expires_at IS NULL OR m.expires_at > p_now)
      AND (m.kind <> 'vault' OR m.author_id = p_viewer_id OR NOT EXISTS (
        SELECT 1 FROM vaults pv JOIN escrow_vaults pe ON pe.vault_id = pv.id
        WHERE pv.message_id = m.id AND pe.state = 'pending')));
END
$function$;
