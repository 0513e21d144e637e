-- The planning and the finances (docs/product/planning.md, docs/product/finances.md): a promotion's timeline tasks, and its one finances record created empty on first read.
CREATE TABLE "planning_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"title" text NOT NULL,
	"category" smallint NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"details" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planning_tasks_category_values" CHECK ("planning_tasks"."category" between 1 and 4),
	CONSTRAINT "planning_tasks_dates_order" CHECK ("planning_tasks"."date_to" >= "planning_tasks"."date_from")
);
--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD CONSTRAINT "planning_tasks_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "planning_tasks" ADD CONSTRAINT "planning_tasks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "planning_tasks_promotion_date_idx" ON "planning_tasks" USING btree ("promotion_id","date_from","id");
--> statement-breakpoint
CREATE TABLE "finances" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"land_price_1" numeric(14, 2),
	"land_price_2" numeric(14, 2),
	"land_price_3" numeric(14, 2),
	"initial_margin_1" numeric(14, 2),
	"updated_margin_1" numeric(14, 2),
	"initial_margin_2" numeric(14, 2),
	"updated_margin_2" numeric(14, 2),
	"sale_initial_price_1" numeric(14, 2),
	"sale_updated_price_1" numeric(14, 2),
	"sale_initial_price_2" numeric(14, 2),
	"sale_updated_price_2" numeric(14, 2),
	"sale_initial_price_3" numeric(14, 2),
	"sale_updated_price_3" numeric(14, 2),
	"sale_initial_price_4" numeric(14, 2),
	"sale_updated_price_4" numeric(14, 2),
	"construction_initial_price_1" numeric(14, 2),
	"construction_updated_price_1" numeric(14, 2),
	"construction_initial_price_2" numeric(14, 2),
	"construction_updated_price_2" numeric(14, 2),
	"construction_initial_price_3" numeric(14, 2),
	"construction_updated_price_3" numeric(14, 2),
	"updated_at" timestamp with time zone,
	"updated_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finances" ADD CONSTRAINT "finances_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "finances" ADD CONSTRAINT "finances_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "finances_promotion_unique" ON "finances" USING btree ("promotion_id");
