-- Readable source of the SQL function set_users_verified, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Stores verdicts of the verified rule in users.is_verified, a wallet per element, and answers
-- the wallets whose tick changed. The rule is people's (its repo.ts computes the verdicts in the
-- same statement); the column is users'.
-- Installed by drizzle/0050_owner_functions.sql.
CREATE OR REPLACE FUNCTION public.set_users_verified(p_ids uuid[], p_verified boolean[])
 RETURNS SETOF uuid
 LANGUAGE plpgsql
AS $function$
BEGIN
  RETURN QUERY
    UPDATE users u SET is_verified = v.verified
      FROM unnest(p_ids, p_verified) AS v(id, verified)
      -- The ids again, so the planner reads users by its key rather than scanning it to join.
      WHERE u.id = ANY(p_ids) AND u.id = v.id AND u.is_verified <> v.verified
      RETURNING u.id;
END
$function$;
