-- The CRM send (docs/sales-process.md#crm-send-built). Which promotions go to Salesforce is now a
-- per-promotion setting admins change (docs/decisions/011-crm-connection-per-promotion.md); it
-- starts as the original system's rule: the promotions with an id above 1425, and the id 830.
ALTER TABLE "promotions" ADD COLUMN "crm_connected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "promotions" SET "crm_connected" = true WHERE "id" > 1425 OR "id" = 830;--> statement-breakpoint
-- The Salesforce record ids the last send answered, kept so that a send names what it updated.
ALTER TABLE "promotions" ADD COLUMN "salesforce_id" text;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "salesforce_id" text;--> statement-breakpoint
ALTER TABLE "candidacies" ADD COLUMN "salesforce_id" text;--> statement-breakpoint
CREATE TABLE "crm_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"requested_by_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lots_sent" integer DEFAULT 0 NOT NULL,
	"candidacies_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "crm_sends" ADD CONSTRAINT "crm_sends_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_sends" ADD CONSTRAINT "crm_sends_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_sends_promotion_idx" ON "crm_sends" USING btree ("promotion_id","id" DESC NULLS LAST);
