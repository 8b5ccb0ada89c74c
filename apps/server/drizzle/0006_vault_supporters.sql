CREATE TABLE "vault_supporters" (
	"vault_id" bigint NOT NULL,
	"supporter_id" uuid NOT NULL,
	"total" bigint NOT NULL,
	"supports" integer NOT NULL,
	"first_at" timestamp (3) with time zone NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "vault_supporters_vault_id_supporter_id_pk" PRIMARY KEY("vault_id","supporter_id"),
	CONSTRAINT "vault_supporters_positive" CHECK ("vault_supporters"."total" > 0 and "vault_supporters"."supports" > 0)
);
--> statement-breakpoint
ALTER TABLE "vault_supporters" ADD CONSTRAINT "vault_supporters_vault_id_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_supporters" ADD CONSTRAINT "vault_supporters_supporter_id_users_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_supporters_rank" ON "vault_supporters" USING btree ("vault_id","total" DESC NULLS LAST,"last_at");--> statement-breakpoint
CREATE INDEX "vault_supporters_supporter" ON "vault_supporters" USING btree ("supporter_id","last_at");--> statement-breakpoint
-- Supports recorded before this table existed.
INSERT INTO "vault_supporters" ("vault_id", "supporter_id", "total", "supports", "first_at", "last_at")
SELECT "vault_id", "supporter_id", sum("amount"), count(*), min("created_at"), max("created_at")
FROM "vault_supports" WHERE "vault_id" IS NOT NULL GROUP BY "vault_id", "supporter_id";
