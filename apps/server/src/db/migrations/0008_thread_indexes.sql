-- Messages (docs/product/messages.md): a conversation reads its attachments message by message, and the thread list narrows to a candidacy.
CREATE INDEX "files_thread_message_idx" ON "files" USING btree ("thread_message_id");
--> statement-breakpoint
CREATE INDEX "threads_candidacy_idx" ON "threads" USING btree ("candidacy_id");
