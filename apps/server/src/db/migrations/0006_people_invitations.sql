-- The people of a promotion (docs/sales-process.md#people-of-a-promotion).
-- An invitation is a password link with a longer life: its purpose tells the people menus when
-- the last invitation was sent (docs/decisions/013-invitation-instead-of-default-password.md).
ALTER TABLE "password_resets" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
CREATE INDEX "password_resets_user_purpose_idx" ON "password_resets" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
-- At most one main notary per promotion: keep the first flagged one where several were.
UPDATE "promotion_user" SET "main" = false
WHERE "main" AND ("promotion_id", "user_id") NOT IN (
  SELECT "promotion_id", min("user_id") FROM "promotion_user" WHERE "main" GROUP BY "promotion_id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_user_main_unique" ON "promotion_user" USING btree ("promotion_id") WHERE "promotion_user"."main";
