-- The notifications list with the filter 'all' (docs/product/layout.md#notifications): a user's
-- newest first through an index, never a read of every user's rows (docs/performance.md).
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");
