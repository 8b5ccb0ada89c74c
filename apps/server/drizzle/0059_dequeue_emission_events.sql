-- Takes a sequenced batch out of the rewards' queue (the sequencer's write calls it, under the
-- counters' row lock). The delete is planned at each call: the queue is insert-then-delete, so
-- until a vacuum its heap holds every dead row, and a plan kept from when the queue was a few
-- pages (a sequential scan) would read them all at every batch.
CREATE FUNCTION dequeue_emission_events(p_ids bigint[])
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_taken integer;
BEGIN
  EXECUTE 'DELETE FROM emission_queue WHERE id = ANY ($1)' USING p_ids;
  GET DIAGNOSTICS v_taken = ROW_COUNT;
  RETURN v_taken;
END
$$;
