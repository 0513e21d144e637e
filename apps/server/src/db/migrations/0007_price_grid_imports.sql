-- The price-grid import (docs/sales-process.md#price-grid-import-built): a grid read and checked, waiting to be applied.
CREATE TABLE "price_grid_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"created_by_id" integer,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"rows" jsonb NOT NULL,
	"refused" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "price_grid_imports" ADD CONSTRAINT "price_grid_imports_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "price_grid_imports" ADD CONSTRAINT "price_grid_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "price_grid_imports_promotion_idx" ON "price_grid_imports" USING btree ("promotion_id","created_at");
