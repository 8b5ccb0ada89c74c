CREATE TABLE "conversations" (
	"user_id" uuid NOT NULL,
	"peer_id" uuid NOT NULL,
	"last_message_id" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversations_user_id_peer_id_pk" PRIMARY KEY("user_id","peer_id"),
	CONSTRAINT "conversations_not_self" CHECK ("conversations"."user_id" <> "conversations"."peer_id"),
	CONSTRAINT "conversations_unread_non_negative" CHECK ("conversations"."unread_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "direct_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_key" text,
	"audio_key" text,
	"tip_lamports" bigint,
	"tip_signature" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"read_at" timestamp (3) with time zone,
	CONSTRAINT "direct_messages_not_self" CHECK ("direct_messages"."sender_id" <> "direct_messages"."recipient_id"),
	CONSTRAINT "direct_messages_tip_whole" CHECK (("direct_messages"."tip_lamports" is null) = ("direct_messages"."tip_signature" is null) and ("direct_messages"."tip_lamports" is null or "direct_messages"."tip_lamports" > 0)),
	CONSTRAINT "direct_messages_not_empty" CHECK ("direct_messages"."body" <> '' or "direct_messages"."image_key" is not null or "direct_messages"."audio_key" is not null or "direct_messages"."tip_lamports" is not null)
);
--> statement-breakpoint
CREATE TABLE "spent_transfer_signatures" (
	"signature" text PRIMARY KEY NOT NULL,
	"spent_on" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "spent_transfer_signatures_kind" CHECK ("spent_transfer_signatures"."spent_on" in ('vault_support', 'tip'))
);
--> statement-breakpoint
DROP INDEX "media_unattached";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "direct_message_id" bigint;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_peer_id_users_id_fk" FOREIGN KEY ("peer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD CONSTRAINT "direct_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD CONSTRAINT "direct_messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_user_time" ON "conversations" USING btree ("user_id","updated_at" DESC NULLS LAST,"peer_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_peer" ON "conversations" USING btree ("peer_id");--> statement-breakpoint
CREATE INDEX "direct_messages_pair" ON "direct_messages" USING btree (least("sender_id", "recipient_id"),greatest("sender_id", "recipient_id"),"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "direct_messages_unread" ON "direct_messages" USING btree ("recipient_id","sender_id") WHERE "direct_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "direct_messages_sender" ON "direct_messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "direct_messages_recipient" ON "direct_messages" USING btree ("recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_messages_tip_signature" ON "direct_messages" USING btree ("tip_signature");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_direct_message_id_direct_messages_id_fk" FOREIGN KEY ("direct_message_id") REFERENCES "public"."direct_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_direct_message" ON "media" USING btree ("direct_message_id");--> statement-breakpoint
CREATE INDEX "media_unattached" ON "media" USING btree ("created_at") WHERE "media"."message_id" is null and "media"."direct_message_id" is null;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_attached_once" CHECK ("media"."message_id" is null or "media"."direct_message_id" is null);
--> statement-breakpoint
-- Every signature a vault support spent so far is spent (a tip may not reuse it).
INSERT INTO "spent_transfer_signatures" ("signature", "spent_on", "created_at")
  SELECT "signature", 'vault_support', "created_at" FROM "vault_supports"
  ON CONFLICT ("signature") DO NOTHING;
--> statement-breakpoint
-- record_vault_support as in 0013, and it spends the signature in spent_transfer_signatures
-- (shared with tips, modules/messages) before recording the support.
CREATE OR REPLACE FUNCTION record_vault_support(
  p_vault_id bigint,
  p_supporter_id uuid,
  p_signature text,
  p_amount bigint,
  p_slot bigint,
  p_now timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
  v_target bigint;
  v_count integer;
  v_status text;
  v_ends_at timestamptz;
  v_creator uuid;
  v_support_id bigint;
  v_created_at timestamptz;
  v_new_supporter boolean;
  v_name text;
BEGIN
  -- Supports of one vault take turns from here until commit.
  SELECT total, target, supporter_count, status, ends_at, creator_id
    INTO v_total, v_target, v_count, v_status, v_ends_at, v_creator
    FROM vaults WHERE id = p_vault_id AND kind = 'direct'
    FOR NO KEY UPDATE;
  IF NOT FOUND OR v_status <> 'active' OR v_ends_at <= p_now THEN
    RETURN jsonb_build_object('outcome', 'vault_closed');
  END IF;

  -- A signature pays for one thing only, a support or a tip, whichever recorded it first: its
  -- key in spent_transfer_signatures is taken here and held to commit.
  INSERT INTO spent_transfer_signatures (signature, spent_on, created_at)
    VALUES (p_signature, 'vault_support', p_now)
    ON CONFLICT (signature) DO NOTHING;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'signature_taken');
  END IF;

  INSERT INTO vault_supports (vault_id, supporter_id, signature, amount, slot, created_at)
    VALUES (p_vault_id, p_supporter_id, p_signature, p_amount, p_slot, p_now)
    ON CONFLICT (signature) DO NOTHING
    RETURNING id, created_at INTO v_support_id, v_created_at;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'signature_taken');
  END IF;

  INSERT INTO vault_supporters (vault_id, supporter_id, total, supports, first_at, last_at)
    VALUES (p_vault_id, p_supporter_id, p_amount, 1, p_now, p_now)
    ON CONFLICT (vault_id, supporter_id) DO UPDATE SET
      total = vault_supporters.total + excluded.total,
      supports = vault_supporters.supports + 1,
      last_at = excluded.last_at
    RETURNING xmax = 0 INTO v_new_supporter;

  v_total := v_total + p_amount;
  IF v_new_supporter THEN v_count := v_count + 1; END IF;
  v_status := vault_status_after_support(v_status, v_total, v_target);
  UPDATE vaults SET
      total = v_total,
      supporter_count = v_count,
      status = v_status,
      unlocked_at = CASE WHEN v_status = 'unlocked' THEN p_now ELSE unlocked_at END
    WHERE id = p_vault_id;

  IF v_status = 'unlocked' THEN
    -- Live Activity; the name shortened and the SOL written as the server's shortName and
    -- formatSol do (4 decimals, truncated).
    SELECT coalesce(display_name, username, sol_address) INTO v_name FROM users WHERE id = v_creator;
    v_name := coalesce(v_name, 'A creator');
    IF length(v_name) > 32 THEN v_name := left(v_name, 4) || '...' || right(v_name, 4); END IF;
    INSERT INTO activity (type, message, user_id, reference, created_at) VALUES (
      'vault_unlocked',
      v_name || '''s vault unlocked with '
        || to_char(trunc(v_total::numeric / 1000000000, 4), 'FM999999999999990.0000') || ' SOL',
      v_creator, p_vault_id::text, p_now);
  END IF;

  -- The support's rewarded event (modules/emissions recordRewardedEvent), for the sequencer.
  INSERT INTO emission_queue (kind, actor_id, reference, created_at)
    VALUES ('vault_supported', p_supporter_id, p_signature, p_now);

  RETURN jsonb_build_object(
    'outcome', 'recorded',
    'id', v_support_id::text,
    'createdAt', v_created_at,
    'total', v_total::text,
    'target', v_target::text,
    'supporterCount', v_count,
    'status', v_status,
    'unlocked', v_status = 'unlocked',
    'supporter', (SELECT jsonb_build_object('username', username, 'displayName', display_name,
      'walletAddress', sol_address) FROM users WHERE id = p_supporter_id)
  );
END
$$;
