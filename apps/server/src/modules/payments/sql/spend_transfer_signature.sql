-- Readable source of the SQL function spend_transfer_signature, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Takes a transfer's signature for one purpose in the caller's transaction: false when it paid for
-- anything already (its key is held to commit, so a concurrent claim waits, then finds it taken).
-- The SQL twin of repo.ts spendSignature, for the calls that record a support in one statement.
-- Tested by sql-sources.test.ts.
-- Installed by drizzle/0031_spent_purpose.sql.
CREATE OR REPLACE FUNCTION public.spend_transfer_signature(p_signature text, p_spent_on text, p_purpose text, p_at timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
AS $function$
  WITH spent AS (
    INSERT INTO spent_transfer_signatures (signature, spent_on, purpose, created_at)
    VALUES (p_signature, p_spent_on, p_purpose, p_at)
    ON CONFLICT (signature) DO NOTHING
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM spent)
$function$;
