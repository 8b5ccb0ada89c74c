CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"user_id" uuid,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dum_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	"staking_rewards" bigint DEFAULT 0 NOT NULL,
	"stake_settled_at" timestamp with time zone,
	"total_earned" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dum_accounts_non_negative" CHECK ("dum_accounts"."balance" >= 0 and "dum_accounts"."staked" >= 0 and "dum_accounts"."staking_rewards" >= 0 and "dum_accounts"."total_earned" >= 0)
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dum_accounts" ADD CONSTRAINT "dum_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_recent" ON "activity" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);