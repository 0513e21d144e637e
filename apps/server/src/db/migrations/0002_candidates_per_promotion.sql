-- What a promotion knows about a person belongs to that promotion
-- (docs/decisions/008-candidates-per-promotion.md). A person shared by several promotions
-- becomes one record per promotion, each keeping what its promotion had (today's values, the
-- only ones there are); the sign-in account moves from users.candidate_id to candidates.user_id.
ALTER TABLE "candidates" DROP CONSTRAINT "candidates_promotion_id_promotions_id_fk";--> statement-breakpoint
DROP INDEX "candidates_email_unique";--> statement-breakpoint
DROP INDEX "users_candidate_idx";--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "user_id" integer;--> statement-breakpoint
-- The record's own promotion: where it has a candidacy (its first promotion by id otherwise).
UPDATE "candidates" c SET "promotion_id" = x.promotion_id
FROM (SELECT "candidate_id", min("promotion_id") AS promotion_id FROM "candidacies" GROUP BY "candidate_id") x
WHERE x.candidate_id = c.id
  AND (c."promotion_id" IS NULL OR NOT EXISTS (
    SELECT 1 FROM "candidacies" k WHERE k."candidate_id" = c.id AND k."promotion_id" = c."promotion_id"));--> statement-breakpoint
-- A record with neither a promotion nor a candidacy is reachable by nobody.
DELETE FROM "candidates" c WHERE c."promotion_id" IS NULL OR NOT EXISTS (SELECT 1 FROM "promotions" p WHERE p.id = c."promotion_id");--> statement-breakpoint
CREATE TABLE "_candidate_copies" AS
SELECT s.old_id, s.promotion_id, nextval(pg_get_serial_sequence('candidates', 'id'))::integer AS new_id
FROM (
  SELECT DISTINCT k."candidate_id" AS old_id, k."promotion_id" AS promotion_id
  FROM "candidacies" k JOIN "candidates" c ON c.id = k."candidate_id"
  WHERE k."promotion_id" <> c."promotion_id"
) s;--> statement-breakpoint
INSERT INTO "candidates" ("id", "promotion_id", "first_name", "last_name", "gender", "email", "phone", "phone_private", "phone_pro", "household_size", "household_income", "own_funds", "budget", "parent_candidate_id", "hidden", "profile_picture", "maiden_name", "father_first_name", "mother_first_name", "mother_maiden_name", "birthday", "birthday_city", "place_origin", "establishment_permit", "job", "civil_status", "matrimonial_property", "address", "city", "zip", "country", "avs", "already_swiss_owner", "company_name", "company_type", "head_office", "company_address", "created_at", "updated_at")
SELECT m.new_id, m.promotion_id, c."first_name", c."last_name", c."gender", c."email", c."phone", c."phone_private", c."phone_pro", c."household_size", c."household_income", c."own_funds", c."budget", c."parent_candidate_id", c."hidden", c."profile_picture", c."maiden_name", c."father_first_name", c."mother_first_name", c."mother_maiden_name", c."birthday", c."birthday_city", c."place_origin", c."establishment_permit", c."job", c."civil_status", c."matrimonial_property", c."address", c."city", c."zip", c."country", c."avs", c."already_swiss_owner", c."company_name", c."company_type", c."head_office", c."company_address", c."created_at", c."updated_at"
FROM "_candidate_copies" m JOIN "candidates" c ON c.id = m.old_id;--> statement-breakpoint
UPDATE "candidacies" k SET "candidate_id" = m.new_id
FROM "_candidate_copies" m
WHERE k."candidate_id" = m.old_id AND k."promotion_id" = m.promotion_id;--> statement-breakpoint
-- The account follows the person into each of his records.
UPDATE "candidates" c SET "user_id" = u.id
FROM "users" u
WHERE u."type" = 'candidate' AND u."candidate_id" IS NOT NULL
  AND (c.id = u."candidate_id" OR c.id IN (SELECT m.new_id FROM "_candidate_copies" m WHERE m.old_id = u."candidate_id"));--> statement-breakpoint
DROP TABLE "_candidate_copies";--> statement-breakpoint
ALTER TABLE "candidates" ALTER COLUMN "promotion_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_promotion_email_unique" ON "candidates" USING btree ("promotion_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_promotion_user_unique" ON "candidates" USING btree ("promotion_id","user_id");--> statement-breakpoint
CREATE INDEX "candidates_user_idx" ON "candidates" USING btree ("user_id");--> statement-breakpoint
-- A candidacy's person is a record of the candidacy's promotion, enforced by the database.
CREATE UNIQUE INDEX "candidates_id_promotion_unique" ON "candidates" USING btree ("id","promotion_id");--> statement-breakpoint
ALTER TABLE "candidacies" ADD CONSTRAINT "candidacies_candidate_promotion_fk" FOREIGN KEY ("candidate_id","promotion_id") REFERENCES "public"."candidates"("id","promotion_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "candidate_id";
