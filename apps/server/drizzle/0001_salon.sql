CREATE TABLE "google_calendar_associations" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"google_calendar_id" text NOT NULL,
	"calendar_summary" text DEFAULT '' NOT NULL,
	"purpose" text NOT NULL,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"email" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"icon_url" text DEFAULT '' NOT NULL,
	"line_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_block_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"date" date NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_confirmed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_reservation_children" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"proposal" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "salon_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"member_id" integer,
	"course_id" integer,
	"resource_id" integer,
	"sub_resource_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"status" smallint NOT NULL,
	"visit_status" smallint DEFAULT 0 NOT NULL,
	"is_attended" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone,
	"resource_fee_is_charged" boolean DEFAULT false NOT NULL,
	"meta_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shift_override" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_resource_occupancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"date" date NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"period" "tsrange" NOT NULL,
	"reservation_id" integer,
	"block_time_id" integer
);
--> statement-breakpoint
CREATE TABLE "salon_time_shift_patches" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"master_id" integer NOT NULL,
	"date" date NOT NULL,
	"patch_type" text NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_time_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"repeat" text NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"expired_at" date,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_configs" (
	"salon_id" integer PRIMARY KEY NOT NULL,
	"enable_online" boolean DEFAULT false NOT NULL,
	"sync_shift" boolean DEFAULT false NOT NULL,
	"push_notification" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"color" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_customer_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"label" text NOT NULL,
	"field_type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_online_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"shop_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_opening_configs" (
	"salon_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"weekdays" jsonb NOT NULL,
	"dates" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salon_opening_configs_salon_id_year_pk" PRIMARY KEY("salon_id","year")
);
--> statement-breakpoint
CREATE TABLE "salon_resource_course_unlinks" (
	"salon_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "salon_resource_course_unlinks_resource_id_course_id_pk" PRIMARY KEY("resource_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "salon_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"nomination_fee" integer DEFAULT 0 NOT NULL,
	"color" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salon_urls" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"name" text NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salons" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "google_calendar_associations" ADD CONSTRAINT "google_calendar_associations_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_associations" ADD CONSTRAINT "google_calendar_associations_token_id_google_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."google_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_associations" ADD CONSTRAINT "google_calendar_associations_resource_id_salon_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."salon_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_tokens" ADD CONSTRAINT "google_tokens_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_block_times" ADD CONSTRAINT "salon_block_times_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_block_times" ADD CONSTRAINT "salon_block_times_resource_id_salon_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."salon_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_events" ADD CONSTRAINT "salon_events_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_reservation_children" ADD CONSTRAINT "salon_reservation_children_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_reservation_children" ADD CONSTRAINT "salon_reservation_children_reservation_id_salon_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."salon_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_reservations" ADD CONSTRAINT "salon_reservations_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_reservations" ADD CONSTRAINT "salon_reservations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_reservations" ADD CONSTRAINT "salon_reservations_course_id_salon_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."salon_courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_reservations" ADD CONSTRAINT "salon_reservations_resource_id_salon_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."salon_resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_resource_occupancies" ADD CONSTRAINT "salon_resource_occupancies_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_resource_occupancies" ADD CONSTRAINT "salon_resource_occupancies_resource_id_salon_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."salon_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_resource_occupancies" ADD CONSTRAINT "salon_resource_occupancies_reservation_id_salon_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."salon_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_resource_occupancies" ADD CONSTRAINT "salon_resource_occupancies_block_time_id_salon_block_times_id_fk" FOREIGN KEY ("block_time_id") REFERENCES "public"."salon_block_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_time_shift_patches" ADD CONSTRAINT "salon_time_shift_patches_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_time_shift_patches" ADD CONSTRAINT "salon_time_shift_patches_master_id_salon_time_shifts_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."salon_time_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_time_shifts" ADD CONSTRAINT "salon_time_shifts_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_time_shifts" ADD CONSTRAINT "salon_time_shifts_resource_id_salon_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."salon_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_configs" ADD CONSTRAINT "salon_configs_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_courses" ADD CONSTRAINT "salon_courses_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_customer_fields" ADD CONSTRAINT "salon_customer_fields_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_online_configs" ADD CONSTRAINT "salon_online_configs_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_opening_configs" ADD CONSTRAINT "salon_opening_configs_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_resource_course_unlinks" ADD CONSTRAINT "salon_resource_course_unlinks_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_resource_course_unlinks" ADD CONSTRAINT "salon_resource_course_unlinks_resource_id_salon_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."salon_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_resource_course_unlinks" ADD CONSTRAINT "salon_resource_course_unlinks_course_id_salon_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."salon_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_resources" ADD CONSTRAINT "salon_resources_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salon_urls" ADD CONSTRAINT "salon_urls_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salons" ADD CONSTRAINT "salons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "google_calendar_associations_resource_purpose" ON "google_calendar_associations" USING btree ("resource_id","purpose");--> statement-breakpoint
CREATE INDEX "google_tokens_salon_idx" ON "google_tokens" USING btree ("salon_id");--> statement-breakpoint
CREATE INDEX "members_account_idx" ON "members" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "salon_block_times_salon_date_idx" ON "salon_block_times" USING btree ("salon_id","date");--> statement-breakpoint
CREATE INDEX "salon_events_salon_idx" ON "salon_events" USING btree ("salon_id","id");--> statement-breakpoint
CREATE INDEX "salon_reservation_children_parent_idx" ON "salon_reservation_children" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "salon_reservations_salon_date_idx" ON "salon_reservations" USING btree ("salon_id","date");--> statement-breakpoint
CREATE INDEX "salon_reservations_resource_date_idx" ON "salon_reservations" USING btree ("resource_id","date");--> statement-breakpoint
CREATE INDEX "salon_resource_occupancies_reservation_idx" ON "salon_resource_occupancies" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "salon_resource_occupancies_block_time_idx" ON "salon_resource_occupancies" USING btree ("block_time_id");--> statement-breakpoint
CREATE UNIQUE INDEX "salon_time_shift_patches_occurrence" ON "salon_time_shift_patches" USING btree ("master_id","date");--> statement-breakpoint
CREATE INDEX "salon_time_shifts_resource_idx" ON "salon_time_shifts" USING btree ("salon_id","resource_id");--> statement-breakpoint
CREATE INDEX "salon_courses_salon_idx" ON "salon_courses" USING btree ("salon_id","order");--> statement-breakpoint
CREATE INDEX "salon_customer_fields_salon_idx" ON "salon_customer_fields" USING btree ("salon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "salon_online_configs_salon_unique" ON "salon_online_configs" USING btree ("salon_id");--> statement-breakpoint
CREATE INDEX "salon_resources_salon_idx" ON "salon_resources" USING btree ("salon_id","order");--> statement-breakpoint
CREATE INDEX "salon_urls_salon_idx" ON "salon_urls" USING btree ("salon_id");--> statement-breakpoint
CREATE INDEX "salons_account_idx" ON "salons" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "salons_public_key_unique" ON "salons" USING btree ("public_key");