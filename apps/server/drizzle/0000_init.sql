CREATE TABLE "emission_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_index" bigint,
	"epoch" integer,
	"amount" bigint NOT NULL,
	"recipient_id" uuid,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_ledger_amount_non_negative" CHECK ("emission_ledger"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "emission_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"total_events" bigint DEFAULT 0 NOT NULL,
	"total_minted" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_state_single_row" CHECK ("emission_state"."id" = 1),
	CONSTRAINT "emission_state_non_negative" CHECK ("emission_state"."total_events" >= 0 and "emission_state"."total_minted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sol_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_sol_address_unique" UNIQUE("sol_address")
);
--> statement-breakpoint
ALTER TABLE "emission_ledger" ADD CONSTRAINT "emission_ledger_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emission_ledger_event_index" ON "emission_ledger" USING btree ("event_index");--> statement-breakpoint
CREATE UNIQUE INDEX "emission_ledger_once" ON "emission_ledger" USING btree ("kind","reference","recipient_id");--> statement-breakpoint
INSERT INTO "emission_state" ("id") VALUES (1);
