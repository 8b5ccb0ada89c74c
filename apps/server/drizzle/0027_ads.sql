CREATE TABLE "ad_budget_transfers" (
	"signature" text PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_campaign_days" (
	"campaign_id" bigint NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_campaign_days_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertiser_id" uuid NOT NULL,
	"post_id" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cpm" bigint NOT NULL,
	"daily_limit" bigint NOT NULL,
	"budget" bigint NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"unique_viewers" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"refund_lamports" bigint,
	"refund_signature" text,
	"refund_transaction" text,
	"refund_confirmed_at" timestamp (3) with time zone,
	CONSTRAINT "ad_campaigns_status" CHECK ("ad_campaigns"."status" in ('active', 'paused', 'out_of_budget', 'ended')),
	CONSTRAINT "ad_campaigns_cpm" CHECK ("ad_campaigns"."cpm" >= 1000 and "ad_campaigns"."cpm" % 1000 = 0),
	CONSTRAINT "ad_campaigns_spend" CHECK ("ad_campaigns"."spent" >= 0 and "ad_campaigns"."spent" <= "ad_campaigns"."budget"),
	CONSTRAINT "ad_campaigns_ended" CHECK (("ad_campaigns"."status" = 'ended') = ("ad_campaigns"."ended_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "ad_hidden" (
	"viewer_id" uuid NOT NULL,
	"campaign_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "ad_hidden_viewer_id_campaign_id_pk" PRIMARY KEY("viewer_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "ad_views" (
	"campaign_id" bigint NOT NULL,
	"viewer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"charged" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "ad_views_campaign_id_viewer_id_day_kind_pk" PRIMARY KEY("campaign_id","viewer_id","day","kind"),
	CONSTRAINT "ad_views_kind" CHECK ("ad_views"."kind" in ('impression', 'click'))
);
--> statement-breakpoint
ALTER TABLE "spent_transfer_signatures" DROP CONSTRAINT "spent_transfer_signatures_kind";--> statement-breakpoint
ALTER TABLE "ad_budget_transfers" ADD CONSTRAINT "ad_budget_transfers_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_days" ADD CONSTRAINT "ad_campaign_days_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_hidden" ADD CONSTRAINT "ad_hidden_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_hidden" ADD CONSTRAINT "ad_hidden_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_views" ADD CONSTRAINT "ad_views_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_views" ADD CONSTRAINT "ad_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_budget_transfers_campaign" ON "ad_budget_transfers" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ad_campaigns_advertiser" ON "ad_campaigns" USING btree ("advertiser_id","id");--> statement-breakpoint
CREATE INDEX "ad_campaigns_active" ON "ad_campaigns" USING btree ("id") WHERE "ad_campaigns"."status" = 'active';--> statement-breakpoint
ALTER TABLE "spent_transfer_signatures" ADD CONSTRAINT "spent_transfer_signatures_kind" CHECK ("spent_transfer_signatures"."spent_on" in ('vault_support', 'tip', 'mystery_join', 'ad_budget'));