CREATE TABLE "mystery_joins" (
	"signature" text PRIMARY KEY NOT NULL,
	"vault_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mystery_participants" (
	"vault_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"joined_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "mystery_participants_vault_id_user_id_pk" PRIMARY KEY("vault_id","user_id"),
	CONSTRAINT "mystery_participants_amount_positive" CHECK ("mystery_participants"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "mystery_vaults" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mystery_vaults_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"creator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"teaser" text NOT NULL,
	"body" text NOT NULL,
	"image_key" text,
	"audio_key" text,
	"media_key" text NOT NULL,
	"target" bigint NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"opened_at" timestamp (3) with time zone,
	"open_reason" text,
	CONSTRAINT "mystery_vaults_target_positive" CHECK ("mystery_vaults"."target" > 0),
	CONSTRAINT "mystery_vaults_total_non_negative" CHECK ("mystery_vaults"."total" >= 0),
	CONSTRAINT "mystery_vaults_reason" CHECK ("mystery_vaults"."open_reason" in ('target', 'timer')),
	CONSTRAINT "mystery_vaults_opened_with_reason" CHECK (("mystery_vaults"."opened_at" is null) = ("mystery_vaults"."open_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "spent_transfer_signatures" DROP CONSTRAINT "spent_transfer_signatures_kind";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "mystery_vault_id" bigint;--> statement-breakpoint
ALTER TABLE "mystery_joins" ADD CONSTRAINT "mystery_joins_vault_id_mystery_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."mystery_vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mystery_joins" ADD CONSTRAINT "mystery_joins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mystery_participants" ADD CONSTRAINT "mystery_participants_vault_id_mystery_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."mystery_vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mystery_participants" ADD CONSTRAINT "mystery_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mystery_vaults" ADD CONSTRAINT "mystery_vaults_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mystery_joins_vault" ON "mystery_joins" USING btree ("vault_id");--> statement-breakpoint
CREATE INDEX "mystery_participants_user" ON "mystery_participants" USING btree ("user_id","vault_id");--> statement-breakpoint
CREATE INDEX "mystery_vaults_open_ends" ON "mystery_vaults" USING btree ("ends_at","id") WHERE "mystery_vaults"."opened_at" is null;--> statement-breakpoint
CREATE INDEX "mystery_vaults_opened_recent" ON "mystery_vaults" USING btree ("opened_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mystery_vaults"."opened_at" is not null;--> statement-breakpoint
CREATE INDEX "mystery_vaults_creator" ON "mystery_vaults" USING btree ("creator_id","id");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_mystery_vault_id_mystery_vaults_id_fk" FOREIGN KEY ("mystery_vault_id") REFERENCES "public"."mystery_vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_mystery_vault" ON "media" USING btree ("mystery_vault_id");--> statement-breakpoint
ALTER TABLE "spent_transfer_signatures" ADD CONSTRAINT "spent_transfer_signatures_kind" CHECK ("spent_transfer_signatures"."spent_on" in ('vault_support', 'tip', 'mystery_join'));