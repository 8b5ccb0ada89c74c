CREATE TABLE "vault_supports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_supports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vault_id" bigint,
	"supporter_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"amount" bigint NOT NULL,
	"slot" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "vault_supports_amount_positive" CHECK ("vault_supports"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vaults" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vaults_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" bigint NOT NULL,
	"creator_id" uuid NOT NULL,
	"target" bigint NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"supporter_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"media_key" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"unlocked_at" timestamp (3) with time zone,
	CONSTRAINT "vaults_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "vaults_status" CHECK ("vaults"."status" in ('active', 'unlocked', 'paid_out')),
	CONSTRAINT "vaults_amounts" CHECK ("vaults"."target" > 0 and "vaults"."total" >= 0 and "vaults"."supporter_count" >= 0),
	CONSTRAINT "vaults_unlocked_at" CHECK (("vaults"."status" = 'active') = ("vaults"."unlocked_at" is null))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind";--> statement-breakpoint
ALTER TABLE "vault_supports" ADD CONSTRAINT "vault_supports_vault_id_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."vaults"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_supports" ADD CONSTRAINT "vault_supports_supporter_id_users_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vault_supports_signature" ON "vault_supports" USING btree ("signature");--> statement-breakpoint
CREATE INDEX "vault_supports_vault" ON "vault_supports" USING btree ("vault_id","created_at");--> statement-breakpoint
CREATE INDEX "vault_supports_supporter" ON "vault_supports" USING btree ("supporter_id","vault_id");--> statement-breakpoint
CREATE INDEX "vaults_creator" ON "vaults" USING btree ("creator_id","created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind" CHECK ("messages"."kind" in ('public', 'vault'));