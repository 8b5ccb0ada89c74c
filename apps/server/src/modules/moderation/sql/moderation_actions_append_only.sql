-- Readable source of the SQL function moderation_actions_append_only, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- The audit log is append-only: whatever the code does, an UPDATE or DELETE of a row fails. The
-- trigger that runs it:
--   CREATE TRIGGER moderation_actions_append_only BEFORE UPDATE OR DELETE ON moderation_actions
--     FOR EACH ROW EXECUTE FUNCTION moderation_actions_append_only();
-- Tested by moderation.test.ts.
-- Installed by drizzle/0028_moderation.sql.
CREATE OR REPLACE FUNCTION public.moderation_actions_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'moderation_actions is append-only';
END;
$function$;
