-- Readable source of the SQL function create_wallet_user, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Creates a wallet's user (a fresh referral code; referred_by_id when the referral code names an
-- existing user) and answers it; nothing, and no row written, when the address or the code is
-- taken (the caller reads the existing user, or retries with another code). Sign-in's one
-- statement (modules/auth) calls it: users imports auth, so auth cannot call users' face.
-- Installed by drizzle/0050_owner_functions.sql.
CREATE OR REPLACE FUNCTION public.create_wallet_user(p_address text, p_referral_code text, p_referred_by_code text)
 RETURNS TABLE(user_id uuid, address text)
 LANGUAGE plpgsql
AS $function$
BEGIN
  RETURN QUERY
    INSERT INTO users AS u (sol_address, referral_code, referred_by_id)
      VALUES (p_address, p_referral_code,
        (SELECT r.id FROM users r WHERE r.referral_code = p_referred_by_code))
      ON CONFLICT DO NOTHING
      RETURNING u.id, u.sol_address;
END
$function$;
