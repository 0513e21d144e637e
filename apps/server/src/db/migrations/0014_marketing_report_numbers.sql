-- The marketing reports' N° counts per promotion (1, 2, 3...), not the global id (docs/product/marketing.md#fields, decision 024): the existing reports numbered in the order they were added.
ALTER TABLE "marketing_reports" ADD COLUMN "number" integer;
--> statement-breakpoint
UPDATE "marketing_reports" AS r SET "number" = n."number"
FROM (SELECT "id", row_number() OVER (PARTITION BY "promotion_id" ORDER BY "created_at", "id")::integer AS "number" FROM "marketing_reports") AS n
WHERE n."id" = r."id";
--> statement-breakpoint
ALTER TABLE "marketing_reports" ALTER COLUMN "number" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_reports_promotion_number_idx" ON "marketing_reports" USING btree ("promotion_id","number");
