-- The documents library (docs/sales-process.md#documents-library-built): document types (reference data; 3 is the brochure), folders per promotion, the data-room log.
CREATE TABLE "file_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "file_types" ("id", "name") VALUES (1, 'Plans'), (2, 'Descriptif de construction'), (3, 'Brochure'), (4, 'Contrat'), (5, 'Règlement PPE'), (6, 'Autre');
--> statement-breakpoint
CREATE TABLE "file_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_folders" ADD CONSTRAINT "file_folders_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "file_folders_promotion_name_unique" ON "file_folders" USING btree ("promotion_id",lower("name"));
--> statement-breakpoint
CREATE TABLE "library_accesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"file_id" integer,
	"file_name" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_accesses" ADD CONSTRAINT "library_accesses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "library_accesses" ADD CONSTRAINT "library_accesses_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "library_accesses" ADD CONSTRAINT "library_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "library_accesses_promotion_created_idx" ON "library_accesses" USING btree ("promotion_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "library_accesses_file_created_idx" ON "library_accesses" USING btree ("file_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "library_accesses_user_created_idx" ON "library_accesses" USING btree ("user_id","promotion_id","created_at","id");
