CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" integer,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"owner" text NOT NULL,
	"candidacy_id" integer,
	"thread_message_id" integer,
	"folder_id" integer,
	"type_id" integer,
	"access_candidate" boolean DEFAULT false NOT NULL,
	"access_promoter" boolean DEFAULT false NOT NULL,
	"access_notary" boolean DEFAULT false NOT NULL,
	"access_investor" boolean DEFAULT false NOT NULL,
	"candidate_min_status" smallint,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer,
	"to" jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"promotion_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_reads" (
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "thread_reads_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"title" text NOT NULL,
	"created_by_id" integer NOT NULL,
	"to_id" integer NOT NULL,
	"candidacy_id" integer,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"user_id" integer,
	"column" text NOT NULL,
	"from" text,
	"to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"title" text NOT NULL,
	"street" text,
	"city" text NOT NULL,
	"zip" text
);
--> statement-breakpoint
CREATE TABLE "floors" (
	"id" integer PRIMARY KEY NOT NULL,
	"number" smallint NOT NULL,
	"title" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"parent_id" integer,
	"lot_type_id" integer NOT NULL,
	"floor_id" integer NOT NULL,
	"reference" text NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"name_child" text,
	"nb_rooms" numeric(4, 1) DEFAULT 1 NOT NULL,
	"raw_price" integer DEFAULT 0 NOT NULL,
	"price_included" boolean DEFAULT false NOT NULL,
	"raw_status" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"exposure" text,
	"area_ppe" numeric(8, 2) DEFAULT 0 NOT NULL,
	"area_hab" numeric(8, 2) DEFAULT 0 NOT NULL,
	"area_jar" numeric(8, 2) DEFAULT 0 NOT NULL,
	"area_bal" numeric(8, 2) DEFAULT 0 NOT NULL,
	"area_ter" numeric(8, 2) DEFAULT 0 NOT NULL,
	"lot_ppe" text,
	"feuillet_ppe" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_agency" (
	"promotion_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	CONSTRAINT "promotion_agency_promotion_id_agency_id_pk" PRIMARY KEY("promotion_id","agency_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_user" (
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	CONSTRAINT "promotion_user_promotion_id_user_id_pk" PRIMARY KEY("promotion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"logo" text,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"multi_agency" boolean DEFAULT false NOT NULL,
	"reservation_timeout" integer,
	"crm_updated_at" timestamp with time zone,
	"broker_id" integer,
	"prestige" boolean DEFAULT false NOT NULL,
	"gtm" text,
	"external_report_url" text,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"share_new_candidates" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"lot_id" integer NOT NULL,
	"candidacy1_id" integer NOT NULL,
	"candidacy2_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"priority" smallint DEFAULT 9 NOT NULL,
	"last_priority_change" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_notified_at" timestamp with time zone,
	"negociated_price" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"solvent" boolean,
	"status_fr" text,
	"status_fr_checked" boolean DEFAULT false NOT NULL,
	"status_ac" text,
	"status_ac_checked" boolean DEFAULT false NOT NULL,
	"status_fin" text,
	"status_fin_checked" boolean DEFAULT false NOT NULL,
	"status_signpdv" text,
	"status_signpdv_checked" boolean DEFAULT false NOT NULL,
	"status_sign" text,
	"status_sign_checked" boolean DEFAULT false NOT NULL,
	"reservation_sent_at" timestamp with time zone,
	"first_reservation_at" timestamp with time zone,
	"reservation_confirmed_at" timestamp with time zone,
	"reservation_deposit_confirmed_at" timestamp with time zone,
	"promise_planned_at" timestamp with time zone,
	"promise_signed_at" timestamp with time zone,
	"act_of_purchase_at" timestamp with time zone,
	"act_of_purchase_signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_range" CHECK ("applications"."status" between 0 and 3),
	CONSTRAINT "applications_priority_values" CHECK ("applications"."priority" in (1, 2, 3, 9))
);
--> statement-breakpoint
CREATE TABLE "candidacies" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"broker_id" integer,
	"agency_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"priority" smallint DEFAULT 9 NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"reason_vip" text,
	"couple" boolean DEFAULT false NOT NULL,
	"comment" text,
	"budget" integer,
	"crm_validated" boolean DEFAULT false NOT NULL,
	"crm_id" text,
	"mortgage_amount" integer,
	"mortgage_bank_name" text,
	"mortgage_contact_name" text,
	"second_pillar_amount" integer,
	"second_pillar_bank_name" text,
	"second_pillar_contact_name" text,
	"third_pillar_amount" integer,
	"third_pillar_bank_name" text,
	"third_pillar_contact_name" text,
	"financials_unavailable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text DEFAULT 'M' NOT NULL,
	"email" text,
	"phone" text,
	"phone_private" text,
	"phone_pro" text,
	"household_size" integer,
	"household_income" integer,
	"own_funds" integer,
	"budget" integer,
	"parent_candidate_id" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"profile_picture" text,
	"maiden_name" text,
	"father_first_name" text,
	"mother_first_name" text,
	"mother_maiden_name" text,
	"birthday" date,
	"birthday_city" text,
	"place_origin" text,
	"establishment_permit" text,
	"job" text,
	"civil_status" text,
	"matrimonial_property" text,
	"address" text,
	"city" text,
	"zip" text,
	"country" text,
	"avs" text,
	"already_swiss_owner" boolean,
	"company_name" text,
	"company_type" text,
	"head_office" text,
	"company_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"candidacy_id" integer NOT NULL,
	"comment" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"executed_by_id" integer,
	"executed_on_title" text NOT NULL,
	"title" text NOT NULL,
	"application_id" integer,
	"lot_id" integer,
	"candidacy_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"title" text NOT NULL,
	"detail" text,
	"type" smallint DEFAULT 0 NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"hours" integer,
	"minutes" integer,
	"created_by_id" integer,
	"done_by_id" integer,
	"assigned_to_id" integer,
	"automatic_end" boolean DEFAULT false NOT NULL,
	"kind" text,
	"candidacy_id" integer,
	"lot_id" integer,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actions_one_target" CHECK (num_nonnulls("actions"."candidacy_id", "actions"."lot_id", "actions"."application_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token" text
);
--> statement-breakpoint
CREATE TABLE "assistants" (
	"broker_id" integer NOT NULL,
	"assistant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistants_broker_id_assistant_id_pk" PRIMARY KEY("broker_id","assistant_id")
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT 'M' NOT NULL,
	"phone" text,
	"profile_picture" text,
	"agency_id" integer,
	"restricted_access" smallint DEFAULT 0 NOT NULL,
	"number_connections" integer DEFAULT 0 NOT NULL,
	"preferences" jsonb DEFAULT '{"selected_promotion":null}'::jsonb NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"candidate_id" integer,
	"iban" text,
	"bank_name" text,
	"bank_holder" text,
	"office_name" text,
	"address" text,
	"zip" text,
	"city" text,
	"secretary_gender" text,
	"secretary_name" text,
	"secretary_email" text,
	"secretary_phone" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_candidacy_id_candidacies_id_fk" FOREIGN KEY ("candidacy_id") REFERENCES "public"."candidacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_to_id_users_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_candidacy_id_candidacies_id_fk" FOREIGN KEY ("candidacy_id") REFERENCES "public"."candidacies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_lots" ADD CONSTRAINT "action_lots_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_lots" ADD CONSTRAINT "action_lots_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_lots" ADD CONSTRAINT "action_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_lot_type_id_lot_types_id_fk" FOREIGN KEY ("lot_type_id") REFERENCES "public"."lot_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_floor_id_floors_id_fk" FOREIGN KEY ("floor_id") REFERENCES "public"."floors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_agency" ADD CONSTRAINT "promotion_agency_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_agency" ADD CONSTRAINT "promotion_agency_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_user" ADD CONSTRAINT "promotion_user_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_user" ADD CONSTRAINT "promotion_user_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_broker_id_users_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_candidacy1_id_candidacies_id_fk" FOREIGN KEY ("candidacy1_id") REFERENCES "public"."candidacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_candidacy2_id_candidacies_id_fk" FOREIGN KEY ("candidacy2_id") REFERENCES "public"."candidacies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidacies" ADD CONSTRAINT "candidacies_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidacies" ADD CONSTRAINT "candidacies_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidacies" ADD CONSTRAINT "candidacies_broker_id_users_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidacies" ADD CONSTRAINT "candidacies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_comments" ADD CONSTRAINT "user_comments_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_comments" ADD CONSTRAINT "user_comments_candidacy_id_candidacies_id_fk" FOREIGN KEY ("candidacy_id") REFERENCES "public"."candidacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_comments" ADD CONSTRAINT "user_comments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_executed_by_id_users_id_fk" FOREIGN KEY ("executed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_candidacy_id_candidacies_id_fk" FOREIGN KEY ("candidacy_id") REFERENCES "public"."candidacies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_done_by_id_users_id_fk" FOREIGN KEY ("done_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_candidacy_id_candidacies_id_fk" FOREIGN KEY ("candidacy_id") REFERENCES "public"."candidacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_broker_id_users_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_assistant_id_users_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_uuid_unique" ON "files" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "files_candidacy_idx" ON "files" USING btree ("candidacy_id");--> statement-breakpoint
CREATE INDEX "files_promotion_owner_idx" ON "files" USING btree ("promotion_id","owner");--> statement-breakpoint
CREATE INDEX "mail_messages_status_idx" ON "mail_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "thread_messages_thread_idx" ON "thread_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "threads_promotion_idx" ON "threads" USING btree ("promotion_id","last_message_at");--> statement-breakpoint
CREATE INDEX "threads_created_by_idx" ON "threads" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "threads_to_idx" ON "threads" USING btree ("to_id");--> statement-breakpoint
CREATE INDEX "action_lots_lot_idx" ON "action_lots" USING btree ("lot_id","created_at");--> statement-breakpoint
CREATE INDEX "buildings_promotion_idx" ON "buildings" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_public_id_unique" ON "lots" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "lots_promotion_status_idx" ON "lots" USING btree ("promotion_id","status");--> statement-breakpoint
CREATE INDEX "lots_promotion_building_idx" ON "lots" USING btree ("promotion_id","building_id");--> statement-breakpoint
CREATE INDEX "lots_promotion_floor_idx" ON "lots" USING btree ("promotion_id","floor_id");--> statement-breakpoint
CREATE INDEX "lots_promotion_rooms_idx" ON "lots" USING btree ("promotion_id","nb_rooms");--> statement-breakpoint
CREATE INDEX "lots_promotion_price_idx" ON "lots" USING btree ("promotion_id","raw_price");--> statement-breakpoint
CREATE INDEX "lots_promotion_reference_idx" ON "lots" USING btree ("promotion_id","reference");--> statement-breakpoint
CREATE INDEX "lots_parent_idx" ON "lots" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "promotion_user_user_idx" ON "promotion_user" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_token_unique" ON "promotions" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_public_id_unique" ON "applications" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_live_reservation_per_lot" ON "applications" USING btree ("lot_id") WHERE "applications"."status" >= 1 and "applications"."hidden" = false and "applications"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "applications_promotion_status_idx" ON "applications" USING btree ("promotion_id","status");--> statement-breakpoint
CREATE INDEX "applications_lot_idx" ON "applications" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "applications_candidacy1_idx" ON "applications" USING btree ("candidacy1_id");--> statement-breakpoint
CREATE INDEX "applications_candidacy2_idx" ON "applications" USING btree ("candidacy2_id");--> statement-breakpoint
CREATE UNIQUE INDEX "candidacies_promotion_candidate_unique" ON "candidacies" USING btree ("promotion_id","candidate_id");--> statement-breakpoint
CREATE INDEX "candidacies_promotion_status_idx" ON "candidacies" USING btree ("promotion_id","status","created_at");--> statement-breakpoint
CREATE INDEX "candidacies_promotion_broker_idx" ON "candidacies" USING btree ("promotion_id","broker_id");--> statement-breakpoint
CREATE INDEX "candidacies_promotion_agency_idx" ON "candidacies" USING btree ("promotion_id","agency_id");--> statement-breakpoint
CREATE INDEX "candidacies_candidate_idx" ON "candidacies" USING btree ("candidate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_email_unique" ON "candidates" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "candidates_name_idx" ON "candidates" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "user_comments_candidacy_idx" ON "user_comments" USING btree ("candidacy_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_promotion_created_idx" ON "logs" USING btree ("promotion_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_application_idx" ON "logs" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_lot_idx" ON "logs" USING btree ("lot_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_candidacy_idx" ON "logs" USING btree ("candidacy_id","created_at");--> statement-breakpoint
CREATE INDEX "actions_promotion_open_idx" ON "actions" USING btree ("promotion_id","end_at") WHERE "actions"."done_at" is null;--> statement-breakpoint
CREATE INDEX "actions_candidacy_idx" ON "actions" USING btree ("candidacy_id");--> statement-breakpoint
CREATE INDEX "actions_lot_idx" ON "actions" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "actions_application_idx" ON "actions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "actions_assigned_idx" ON "actions" USING btree ("assigned_to_id");--> statement-breakpoint
CREATE INDEX "assistants_assistant_idx" ON "assistants" USING btree ("assistant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_unique" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_hash_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("type");--> statement-breakpoint
CREATE INDEX "users_agency_idx" ON "users" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "users_candidate_idx" ON "users" USING btree ("candidate_id");