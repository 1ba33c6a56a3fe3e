CREATE TABLE "content_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_arrivals" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"tracker_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"click_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_arrivals_kind_check" CHECK ("tracker_arrivals"."kind" in ('new_friend', 'returning'))
);
--> statement-breakpoint
CREATE TABLE "tracker_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"tracker_id" integer NOT NULL,
	"stage" text DEFAULT 'login' NOT NULL,
	"in_line" boolean DEFAULT false NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"gclid" text,
	"gbraid" text,
	"wbraid" text,
	"fbclid" text,
	"ldtag_cl" text,
	"line_user_id" text,
	"member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_clicks_stage_check" CHECK ("tracker_clicks"."stage" in ('login', 'left_consent', 'already_friend', 'add_page', 'friend'))
);
--> statement-breakpoint
CREATE TABLE "trackers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"group_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"run_mode" text DEFAULT 'first_follow' NOT NULL,
	"run_greeting" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trackers_run_mode_check" CHECK ("trackers"."run_mode" in ('always', 'first_follow'))
);
--> statement-breakpoint
ALTER TABLE "line_channels" ADD COLUMN "login_channel_secret" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_groups" ADD CONSTRAINT "content_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_arrivals" ADD CONSTRAINT "tracker_arrivals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_arrivals" ADD CONSTRAINT "tracker_arrivals_tracker_id_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_arrivals" ADD CONSTRAINT "tracker_arrivals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_arrivals" ADD CONSTRAINT "tracker_arrivals_click_id_tracker_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."tracker_clicks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_clicks" ADD CONSTRAINT "tracker_clicks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_clicks" ADD CONSTRAINT "tracker_clicks_tracker_id_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_clicks" ADD CONSTRAINT "tracker_clicks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_group_id_content_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."content_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_groups_name_per_account" ON "content_groups" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_arrivals_click" ON "tracker_arrivals" USING btree ("click_id");--> statement-breakpoint
CREATE INDEX "tracker_arrivals_tracker_idx" ON "tracker_arrivals" USING btree ("tracker_id","kind");--> statement-breakpoint
CREATE INDEX "tracker_arrivals_member_idx" ON "tracker_arrivals" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "tracker_clicks_tracker_idx" ON "tracker_clicks" USING btree ("tracker_id","stage");--> statement-breakpoint
CREATE INDEX "tracker_clicks_line_user" ON "tracker_clicks" USING btree ("account_id","line_user_id","created_at") WHERE "tracker_clicks"."line_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "trackers_code" ON "trackers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "trackers_account_idx" ON "trackers" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "trackers_group_idx" ON "trackers" USING btree ("group_id");