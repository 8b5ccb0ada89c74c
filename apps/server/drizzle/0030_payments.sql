CREATE TABLE "anonymous_payments" (
	"signature" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"payer" text NOT NULL,
	"recipient" text NOT NULL,
	"amount" bigint NOT NULL,
	"slot" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"attributed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"reference" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"payer" text NOT NULL,
	"recipient" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"checked_at" timestamp (3) with time zone,
	"failed_reports" integer DEFAULT 0 NOT NULL,
	"signature" text,
	"paid_at" timestamp (3) with time zone,
	CONSTRAINT "payment_intents_signature_unique" UNIQUE("signature"),
	CONSTRAINT "payment_intents_amount_positive" CHECK ("payment_intents"."amount" > 0),
	CONSTRAINT "payment_intents_paid" CHECK (("payment_intents"."signature" is null) = ("payment_intents"."paid_at" is null))
);
--> statement-breakpoint
CREATE INDEX "anonymous_payments_unattributed" ON "anonymous_payments" USING btree ("payer") WHERE "anonymous_payments"."attributed_at" is null;--> statement-breakpoint
CREATE INDEX "payment_intents_open" ON "payment_intents" USING btree ("checked_at") WHERE "payment_intents"."signature" is null;