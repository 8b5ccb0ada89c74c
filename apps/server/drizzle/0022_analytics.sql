CREATE TABLE "analytics_daily" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"likes_received" integer DEFAULT 0 NOT NULL,
	"comments_received" integer DEFAULT 0 NOT NULL,
	"followers_gained" integer DEFAULT 0 NOT NULL,
	"sol_raised" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "analytics_daily_non_negative" CHECK ("analytics_daily"."posts" >= 0 and "analytics_daily"."likes_received" >= 0 and "analytics_daily"."comments_received" >= 0 and "analytics_daily"."followers_gained" >= 0 and "analytics_daily"."sol_raised" >= 0)
);
--> statement-breakpoint
CREATE TABLE "analytics_dum_daily" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "analytics_dum_daily_user_id_day_kind_pk" PRIMARY KEY("user_id","day","kind"),
	CONSTRAINT "analytics_dum_daily_positive" CHECK ("analytics_dum_daily"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_dum_daily" ADD CONSTRAINT "analytics_dum_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_messages_tips_received" ON "direct_messages" USING btree ("recipient_id","created_at","tip_lamports") WHERE "direct_messages"."tip_lamports" is not null;--> statement-breakpoint
-- Backfill from what the tables still hold (free posts already deleted, with their likes and
-- comments, are gone: their history starts here).
INSERT INTO "analytics_daily" ("user_id", "day", "posts", "likes_received", "comments_received", "followers_gained", "sol_raised")
SELECT user_id, day, sum(posts), sum(likes), sum(comments), sum(follows), sum(sol)
FROM (
  SELECT author_id AS user_id, (created_at AT TIME ZONE 'UTC')::date AS day,
    count(*) AS posts, 0 AS likes, 0 AS comments, 0 AS follows, 0::numeric AS sol
  FROM messages GROUP BY 1, 2
  UNION ALL
  SELECT m.author_id, (e.created_at AT TIME ZONE 'UTC')::date, 0, count(*), 0, 0, 0
  FROM engagements e JOIN messages m ON m.id = e.message_id
  WHERE e.kind = 'like' AND e.user_id <> m.author_id GROUP BY 1, 2
  UNION ALL
  SELECT m.author_id, (c.created_at AT TIME ZONE 'UTC')::date, 0, 0, count(*), 0, 0
  FROM comments c JOIN messages m ON m.id = c.message_id
  WHERE c.author_id <> m.author_id GROUP BY 1, 2
  UNION ALL
  SELECT following_id, (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, count(*), 0
  FROM follows GROUP BY 1, 2
  UNION ALL
  SELECT v.creator_id, (s.created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, sum(s.amount)
  FROM vault_supports s JOIN vaults v ON v.id = s.vault_id GROUP BY 1, 2
) figures
GROUP BY user_id, day;--> statement-breakpoint
INSERT INTO "analytics_dum_daily" ("user_id", "day", "kind", "amount")
SELECT recipient_id, (created_at AT TIME ZONE 'UTC')::date, kind, sum(amount)
FROM emission_ledger
WHERE amount > 0 AND recipient_id IS NOT NULL
GROUP BY 1, 2, 3;--> statement-breakpoint
-- Direct vault supports count towards the creator's SOL raised (analytics_daily.sol_raised) in
-- the call that records them. The function of 0019 keeps its body under a new name,
-- record_vault_support_core; record_vault_support and record_vault_supports call it, then add
-- to the creators' rows. Lock order, so concurrent calls cannot deadlock: every vault row
-- first (a batch comes sorted by vault, support-writer.ts), then the analytics rows in
-- (creator, day) order.
ALTER FUNCTION record_vault_support(bigint, uuid, text, bigint, bigint, timestamptz) RENAME TO record_vault_support_core;--> statement-breakpoint
CREATE FUNCTION record_vault_support(
  p_vault_id bigint,
  p_supporter_id uuid,
  p_signature text,
  p_amount bigint,
  p_slot bigint,
  p_now timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_result jsonb;
BEGIN
  v_result := record_vault_support_core(p_vault_id, p_supporter_id, p_signature, p_amount, p_slot, p_now);
  IF v_result->>'outcome' = 'recorded' THEN
    INSERT INTO analytics_daily (user_id, day, sol_raised)
      SELECT creator_id, (p_now AT TIME ZONE 'UTC')::date, p_amount FROM vaults WHERE id = p_vault_id
      ON CONFLICT (user_id, day) DO UPDATE SET
        sol_raised = analytics_daily.sol_raised + excluded.sol_raised;
  END IF;
  RETURN v_result;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_vault_supports(p_supports jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_results jsonb := '[]'::jsonb;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_supports) WITH ORDINALITY ORDER BY ordinality LOOP
    v_results := v_results || jsonb_build_array(record_vault_support_core(
      (v_item->>'vaultId')::bigint,
      (v_item->>'supporterId')::uuid,
      v_item->>'signature',
      (v_item->>'amount')::bigint,
      (v_item->>'slot')::bigint,
      (v_item->>'now')::timestamptz));
  END LOOP;
  INSERT INTO analytics_daily (user_id, day, sol_raised)
    SELECT v.creator_id, ((i.item->>'now')::timestamptz AT TIME ZONE 'UTC')::date,
      sum((i.item->>'amount')::bigint)
    FROM jsonb_array_elements(p_supports) WITH ORDINALITY AS i(item, n)
    JOIN jsonb_array_elements(v_results) WITH ORDINALITY AS r(result, n) ON r.n = i.n
    JOIN vaults v ON v.id = (i.item->>'vaultId')::bigint
    WHERE r.result->>'outcome' = 'recorded'
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET
      sol_raised = analytics_daily.sol_raised + excluded.sol_raised;
  RETURN v_results;
END
$$;
