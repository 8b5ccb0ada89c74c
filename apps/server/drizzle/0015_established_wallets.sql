CREATE TABLE "wallet_standing" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_post_at" timestamp with time zone,
	"vouched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "emission_ledger" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "emission_queue" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_standing" ADD CONSTRAINT "wallet_standing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Wallets that posted before this migration keep that fact (their first post's ledger row).
INSERT INTO "wallet_standing" ("user_id", "first_post_at")
SELECT "recipient_id", min("created_at") FROM "emission_ledger"
WHERE "kind" IN ('post_created', 'vault_created') AND "recipient_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "emission_ledger"."recipient_id")
GROUP BY "recipient_id";
