-- Progress albums and their photos (docs/product/progress.md#fields, docs/decisions/020-progress-photos-and-home.md).
CREATE TABLE "photo_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"comment" text,
	"lot_id" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"home_page" boolean DEFAULT false NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"photo_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_video" boolean DEFAULT false NOT NULL,
	"file_id" integer NOT NULL,
	"thumbnail_file_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_groups" ADD CONSTRAINT "photo_groups_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photo_groups" ADD CONSTRAINT "photo_groups_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photo_groups" ADD CONSTRAINT "photo_groups_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_photo_group_id_photo_groups_id_fk" FOREIGN KEY ("photo_group_id") REFERENCES "public"."photo_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "photo_groups_promotion_date_idx" ON "photo_groups" USING btree ("promotion_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "photo_groups_lot_idx" ON "photo_groups" USING btree ("lot_id");
--> statement-breakpoint
CREATE INDEX "photo_groups_home_idx" ON "photo_groups" USING btree ("promotion_id") WHERE "photo_groups"."home_page" = true;
--> statement-breakpoint
CREATE INDEX "photos_group_idx" ON "photos" USING btree ("photo_group_id","id");
--> statement-breakpoint
CREATE INDEX "photos_file_idx" ON "photos" USING btree ("file_id");
--> statement-breakpoint
CREATE INDEX "photos_thumbnail_file_idx" ON "photos" USING btree ("thumbnail_file_id");
