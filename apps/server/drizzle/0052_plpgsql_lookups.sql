-- PostgreSQL (before 18) plans the body of a SQL-language function afresh on every call that
-- cannot inline it, and a body with a FROM or a write is never inlined: live_post_author cost
-- about 270 µs of planning per call (twice per like and per comment), spend_transfer_signature
-- as much per paid write. PL/pgSQL keeps each statement's plan for the session. Same names,
-- arguments, answers and volatility; only the language changes (decision 017).
CREATE OR REPLACE FUNCTION live_post_author(p_post_id bigint, p_viewer_id uuid, p_now timestamptz)
RETURNS uuid
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT m.author_id FROM messages m
    WHERE m.id = p_post_id AND (m.expires_at IS NULL OR m.expires_at > p_now)
      AND (m.kind <> 'vault' OR m.author_id = p_viewer_id OR NOT EXISTS (
        SELECT 1 FROM vaults pv JOIN escrow_vaults pe ON pe.vault_id = pv.id
        WHERE pv.message_id = m.id AND pe.state = 'pending')));
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION spend_transfer_signature(
  p_signature text, p_spent_on text, p_purpose text, p_at timestamptz)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO spent_transfer_signatures (signature, spent_on, purpose, created_at)
    VALUES (p_signature, p_spent_on, p_purpose, p_at)
    ON CONFLICT (signature) DO NOTHING;
  RETURN FOUND;
END
$$;
