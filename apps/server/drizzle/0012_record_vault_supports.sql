-- Supports that arrive together, recorded in one call and one commit (group commit;
-- modules/vaults/support-writer.ts). Each element is recorded by record_vault_support, in the
-- order given (the caller sorts by vault, so every batch takes vault row locks in the same
-- order), and the answer holds one record_vault_support answer per element. Any error fails the
-- whole call, and the caller then records each support on its own, so one bad support fails alone.
CREATE OR REPLACE FUNCTION record_vault_supports(p_supports jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_results jsonb := '[]'::jsonb;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_supports) WITH ORDINALITY ORDER BY ordinality LOOP
    v_results := v_results || jsonb_build_array(record_vault_support(
      (v_item->>'vaultId')::bigint,
      (v_item->>'supporterId')::uuid,
      v_item->>'signature',
      (v_item->>'amount')::bigint,
      (v_item->>'slot')::bigint,
      (v_item->>'now')::timestamptz));
  END LOOP;
  RETURN v_results;
END
$$;
