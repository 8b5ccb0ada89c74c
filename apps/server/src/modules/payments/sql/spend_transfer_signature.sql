-- Readable source of the function spend_transfer_signature, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Takes a transfer's signature for one purpose in the caller's transaction: false when it paid for
-- anything already (its key is held to commit, so a concurrent claim waits, then finds it taken).
-- The SQL twin of repo.ts spendSignature, for the calls that record a support in one statement.
-- Tested by sql-sources.test.ts.
-- Installed by drizzle/0031_spent_purpose.sql, in PL/pgSQL since 0052_plpgsql_lookups.sql (a SQL
-- function's body is planned again on every call; PL/pgSQL keeps the plan for the session).
CREATE OR REPLACE FUNCTION public.spend_transfer_signature(p_signature text, p_spent_on text, p_purpose text, p_at timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO spent_transfer_signatures (signature, spent_on, purpose, created_at)
    VALUES (p_signature, p_spent_on, p_purpose, p_at)
    ON CONFLICT (signature) DO NOTHING;
  RETURN FOUND;
END
$function$;
