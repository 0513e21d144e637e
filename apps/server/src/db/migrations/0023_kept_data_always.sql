-- The data the database keeps (sort keys 0020, counts 0022) is kept even in a session that sets session_replication_role to replica, as the scale seed does to load millions of rows without the per-statement guards, versions and foreign-key checks (docs/performance.md, 'The scale dataset'): those rows still get their sort keys and counts.
ALTER TABLE "candidacies" ENABLE ALWAYS TRIGGER "candidacies_sort_keys";--> statement-breakpoint
ALTER TABLE "candidacies" ENABLE ALWAYS TRIGGER "candidacies_count_insert";--> statement-breakpoint
ALTER TABLE "candidacies" ENABLE ALWAYS TRIGGER "candidacies_count_update";--> statement-breakpoint
ALTER TABLE "candidacies" ENABLE ALWAYS TRIGGER "candidacies_count_delete";
