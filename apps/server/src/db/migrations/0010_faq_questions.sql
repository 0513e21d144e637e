-- The FAQ's questions (docs/product/faq.md): a promotion's own, and the global ones every promotion shows.
CREATE TABLE "faq_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"global" boolean DEFAULT false NOT NULL,
	"file_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faq_questions" ADD CONSTRAINT "faq_questions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "faq_questions" ADD CONSTRAINT "faq_questions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "faq_questions" ADD CONSTRAINT "faq_questions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "faq_questions_promotion_idx" ON "faq_questions" USING btree ("promotion_id","id");
--> statement-breakpoint
CREATE INDEX "faq_questions_global_idx" ON "faq_questions" USING btree ("global","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "faq_questions_file_unique" ON "faq_questions" USING btree ("file_id");
