CREATE TABLE "escrow_deposits" (
	"address" text PRIMARY KEY NOT NULL,
	"vault_id" bigint NOT NULL,
	"participant" text NOT NULL,
	"amount" bigint NOT NULL,
	"total_deposited" bigint NOT NULL,
	"accrued_reward" numeric(20, 0) NOT NULL,
	"reward_minted" numeric(20, 0) NOT NULL,
	"penalty_paid" bigint NOT NULL,
	"first_deposit_ts" bigint NOT NULL,
	"last_update_ts" bigint NOT NULL,
	"rewarded" boolean NOT NULL,
	"refunded" boolean NOT NULL,
	"claimed" boolean NOT NULL,
	"slot" bigint NOT NULL,
	"indexed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escrow_vaults" (
	"vault_id" bigint PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"program_id" text NOT NULL,
	"address" text NOT NULL,
	"creator_wallet" text NOT NULL,
	"multiplier" integer NOT NULL,
	"duration_seconds" bigint NOT NULL,
	"content_hash" text,
	"start_ts" bigint,
	"end_ts" bigint,
	"total_deposited" bigint DEFAULT 0 NOT NULL,
	"claimed_amount" bigint DEFAULT 0 NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"penalty_bps" integer NOT NULL,
	"rewards_per_sol" numeric(20, 0) NOT NULL,
	"staking_rate_per_second" numeric(20, 0) NOT NULL,
	"chain_status" text DEFAULT 'active' NOT NULL,
	"indexed_at" timestamp (3) with time zone,
	"indexed_slot" bigint,
	"lease_until" timestamp (3) with time zone,
	CONSTRAINT "escrow_vaults_state" CHECK ("escrow_vaults"."state" in ('pending', 'live')),
	CONSTRAINT "escrow_vaults_multiplier" CHECK ("escrow_vaults"."multiplier" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "vaults" ADD COLUMN "kind" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_deposits" ADD CONSTRAINT "escrow_deposits_vault_id_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_vaults" ADD CONSTRAINT "escrow_vaults_vault_id_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_deposits_vault_participant" ON "escrow_deposits" USING btree ("vault_id","participant");--> statement-breakpoint
CREATE INDEX "escrow_deposits_rank" ON "escrow_deposits" USING btree ("vault_id","amount" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "escrow_deposits_participant" ON "escrow_deposits" USING btree ("participant","last_update_ts");--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_vaults_address" ON "escrow_vaults" USING btree ("address");--> statement-breakpoint
CREATE INDEX "escrow_vaults_due" ON "escrow_vaults" USING btree ("indexed_at");--> statement-breakpoint
ALTER TABLE "vaults" ADD CONSTRAINT "vaults_kind" CHECK ("vaults"."kind" in ('direct', 'escrow'));