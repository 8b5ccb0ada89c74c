-- A report weighs its reporter's trust (modules/trust, parts per million) instead of the boolean
-- `trusted` (the established rule): the reports filed before count as they did, a trusted one in
-- full and any other not at all. The column is added empty, filled from `trusted`, then made
-- NOT NULL, before `trusted` goes. Mystery vaults can be reported, and moderation hides them in
-- moderation_hidden_mysteries (they have no expiry to move, as a hidden post's is).
CREATE TABLE "moderation_hidden_mysteries" (
	"mystery_id" bigint PRIMARY KEY NOT NULL,
	"cause" text NOT NULL,
	"hidden_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "moderation_hidden_mysteries_cause" CHECK ("moderation_hidden_mysteries"."cause" in ('auto_hide', 'suspension'))
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_kind";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_weight_ppm" integer;--> statement-breakpoint
UPDATE reports SET reporter_weight_ppm = CASE WHEN trusted THEN 1000000 ELSE 0 END;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_weight_ppm" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_hidden_mysteries" ADD CONSTRAINT "moderation_hidden_mysteries_mystery_id_mystery_vaults_id_fk" FOREIGN KEY ("mystery_id") REFERENCES "public"."mystery_vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "trusted";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_weight" CHECK ("reports"."reporter_weight_ppm" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_kind" CHECK ("reports"."target_kind" in ('post', 'comment', 'message', 'mystery', 'wallet'));