-- The funnel's stage counts (the live applications of a promotion per status: not hidden, not closed) read from the index alone, its filter included, instead of visiting every application of the promotion in the table (issue 20: 2.3 to 0.9 ms at 2,000 lots, vacuumed).
DROP INDEX "applications_promotion_status_idx";--> statement-breakpoint
CREATE INDEX "applications_promotion_status_idx" ON "applications" USING btree ("promotion_id","status","hidden","closed_at");
