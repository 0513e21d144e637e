-- A candidacies page sorted by status, priority or VIP reads its 50 rows from an index in either direction (issue 20: by status, 44,451 rows were read and sorted for 50).
CREATE INDEX "candidacies_promotion_status_id_idx" ON "candidacies" USING btree ("promotion_id","status","id");--> statement-breakpoint
CREATE INDEX "candidacies_promotion_priority_id_idx" ON "candidacies" USING btree ("promotion_id","priority","id");--> statement-breakpoint
CREATE INDEX "candidacies_promotion_vip_id_idx" ON "candidacies" USING btree ("promotion_id","vip","id");