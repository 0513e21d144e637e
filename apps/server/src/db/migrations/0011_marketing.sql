-- Marketing (docs/product/marketing.md): campaigns, their documents and the marketing reports.
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"agency_id" integer,
	"title" text NOT NULL,
	"method" text,
	"color" text,
	"start_at" date,
	"end_at" date,
	"price" integer DEFAULT 0 NOT NULL,
	"url" text,
	"comment" text,
	"format" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_files" (
	"campaign_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "campaign_files_campaign_id_file_id_pk" PRIMARY KEY("campaign_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"number_of_visits" integer NOT NULL,
	"number_of_future_visits" integer NOT NULL,
	"visits_report_file_id" integer,
	"feedback_positive" text,
	"feedback_todo" text,
	"feedback_problem" text,
	"include_lots" boolean DEFAULT true NOT NULL,
	"include_marketing_campaigns" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campaign_files" ADD CONSTRAINT "campaign_files_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campaign_files" ADD CONSTRAINT "campaign_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "marketing_reports" ADD CONSTRAINT "marketing_reports_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "marketing_reports" ADD CONSTRAINT "marketing_reports_visits_report_file_id_files_id_fk" FOREIGN KEY ("visits_report_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "marketing_reports" ADD CONSTRAINT "marketing_reports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "campaigns_promotion_start_idx" ON "campaigns" USING btree ("promotion_id","start_at");
--> statement-breakpoint
CREATE INDEX "campaigns_promotion_end_idx" ON "campaigns" USING btree ("promotion_id","end_at");
--> statement-breakpoint
CREATE INDEX "campaigns_promotion_title_idx" ON "campaigns" USING btree ("promotion_id","title");
--> statement-breakpoint
CREATE INDEX "campaigns_promotion_method_idx" ON "campaigns" USING btree ("promotion_id","method");
--> statement-breakpoint
CREATE INDEX "campaigns_promotion_price_idx" ON "campaigns" USING btree ("promotion_id","price");
--> statement-breakpoint
CREATE INDEX "campaigns_promotion_agency_idx" ON "campaigns" USING btree ("promotion_id","agency_id");
--> statement-breakpoint
CREATE INDEX "campaign_files_file_idx" ON "campaign_files" USING btree ("file_id");
--> statement-breakpoint
CREATE INDEX "marketing_reports_promotion_idx" ON "marketing_reports" USING btree ("promotion_id","created_at");
