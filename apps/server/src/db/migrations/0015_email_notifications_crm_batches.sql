-- The CRM send in batches (docs/sales-process.md#crm-send-built, docs/decisions/025-mail-headers-and-salesforce-batches.md):
-- the records Salesforce refused one by one, and when a send held back by the org's daily API limit resumes.
ALTER TABLE "crm_sends" ADD COLUMN "refused" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_sends" ADD COLUMN "resume_at" timestamp with time zone;--> statement-breakpoint
-- The e-mails (docs/sales-process.md#5-messages-notifications-e-mails-built): the headers of each e-mail's
-- kind (Auto-Submitted, List-Unsubscribe), the user's 'Recevoir les notifications par e-mail' and the
-- secret of his unsubscribe link (random per user: existing users each get their own).
ALTER TABLE "mail_messages" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unsubscribe_token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_unsubscribe_token_unique" ON "users" USING btree ("unsubscribe_token");