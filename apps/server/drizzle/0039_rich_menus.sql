CREATE TABLE "rich_menu_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"rich_menu_id" integer NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer,
	"cause_key" text,
	"audience" jsonb,
	"step" text DEFAULT 'validate' NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"plan" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"linked" integer DEFAULT 0 NOT NULL,
	"batch_key" text,
	"batch_request_id" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"waiting_until" timestamp with time zone,
	"wait_reason" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rich_menu_jobs_kind_check" CHECK ("rich_menu_jobs"."kind" in ('publish', 'switch')),
	CONSTRAINT "rich_menu_jobs_state_check" CHECK ("rich_menu_jobs"."state" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "rich_menu_spends" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rich_menu_taps" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"rich_menu_id" integer NOT NULL,
	"area" integer NOT NULL,
	"member_id" integer,
	"event_key" text NOT NULL,
	"tapped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rich_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"chat_bar_text" text NOT NULL,
	"selected" boolean NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"image" "bytea",
	"image_content_type" text,
	"line_rich_menu_id" text,
	"line_alias_id" text,
	"publish" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rich_menus_state_check" CHECK ("rich_menus"."state" in ('draft', 'publishing', 'published', 'failed', 'replaced')),
	CONSTRAINT "rich_menus_image_type_check" CHECK (("rich_menus"."image" is null) = ("rich_menus"."image_content_type" is null))
);
--> statement-breakpoint
ALTER TABLE "rich_menu_jobs" ADD CONSTRAINT "rich_menu_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_jobs" ADD CONSTRAINT "rich_menu_jobs_rich_menu_id_rich_menus_id_fk" FOREIGN KEY ("rich_menu_id") REFERENCES "public"."rich_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_jobs" ADD CONSTRAINT "rich_menu_jobs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_spends" ADD CONSTRAINT "rich_menu_spends_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_taps" ADD CONSTRAINT "rich_menu_taps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_taps" ADD CONSTRAINT "rich_menu_taps_rich_menu_id_rich_menus_id_fk" FOREIGN KEY ("rich_menu_id") REFERENCES "public"."rich_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_taps" ADD CONSTRAINT "rich_menu_taps_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menus" ADD CONSTRAINT "rich_menus_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rich_menu_jobs_due" ON "rich_menu_jobs" USING btree ("run_at") WHERE "rich_menu_jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "rich_menu_jobs_menu" ON "rich_menu_jobs" USING btree ("rich_menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rich_menu_jobs_cause" ON "rich_menu_jobs" USING btree ("account_id","cause_key");--> statement-breakpoint
CREATE UNIQUE INDEX "rich_menu_jobs_one_publish" ON "rich_menu_jobs" USING btree ("rich_menu_id") WHERE "rich_menu_jobs"."kind" = 'publish' and "rich_menu_jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "rich_menu_spends_account" ON "rich_menu_spends" USING btree ("account_id","kind","at");--> statement-breakpoint
CREATE UNIQUE INDEX "rich_menu_taps_event" ON "rich_menu_taps" USING btree ("account_id","event_key");--> statement-breakpoint
CREATE INDEX "rich_menu_taps_menu" ON "rich_menu_taps" USING btree ("rich_menu_id","area");--> statement-breakpoint
CREATE INDEX "rich_menus_account_idx" ON "rich_menus" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rich_menus_alias_unique" ON "rich_menus" USING btree ("account_id","line_alias_id");