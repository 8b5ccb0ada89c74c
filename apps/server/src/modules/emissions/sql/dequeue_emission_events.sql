-- Readable source of the SQL function dequeue_emission_events, as PostgreSQL prints the definition
-- the migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change
-- it with a new migration, then copy the new definition here.
--
-- Takes a sequenced batch out of the rewards' queue; the sequencer's write (sequencer.ts
-- writeBatch) calls it under the counters' row lock, only when the batch applies. The delete is
-- planned at each call (EXECUTE): the queue is insert-then-delete, so until a vacuum its heap
-- holds every dead row, and a plan kept from when the queue was a few pages (a sequential scan)
-- read them all at every batch: the sequencer's write went from 57 to 178 µs an event over
-- bench:writes' phases.
-- Installed by drizzle/0059_dequeue_emission_events.sql.
CREATE OR REPLACE FUNCTION public.dequeue_emission_events(p_ids bigint[])
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_taken integer;
BEGIN
  EXECUTE 'DELETE FROM emission_queue WHERE id = ANY ($1)' USING p_ids;
  GET DIAGNOSTICS v_taken = ROW_COUNT;
  RETURN v_taken;
END
$function$;
