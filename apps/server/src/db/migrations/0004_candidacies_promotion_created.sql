-- The candidates list's default order, newest first (docs/product/candidates.md#screens): a page read
-- along this index instead of a sort of the promotion's candidacies (docs/performance.md).
CREATE INDEX "candidacies_promotion_created_idx" ON "candidacies" USING btree ("promotion_id","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST);
