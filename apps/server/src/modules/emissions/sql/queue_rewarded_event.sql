-- Readable source of the SQL function queue_rewarded_event, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- The twin of ledger.ts recordRewardedEvent's insert, for the other slices' SQL functions
-- (toggle_engagement, add_comment, record_vault_support_core): queues a rewarded event for the
-- sequencer. The callers keep their own self-engagement check.
-- Installed by drizzle/0037_slice_sql_twins.sql.
CREATE OR REPLACE FUNCTION public.queue_rewarded_event(p_kind text, p_actor_id uuid, p_subject_id uuid, p_reference text, p_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO emission_queue (kind, actor_id, subject_id, reference, created_at)
    VALUES (p_kind, p_actor_id, p_subject_id, p_reference, p_at);
END
$function$;
