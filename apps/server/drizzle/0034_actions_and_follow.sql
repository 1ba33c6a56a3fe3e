CREATE TABLE "action_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"cause" text NOT NULL,
	"action_set_id" integer,
	"actions" jsonb NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_secrets" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"sealed_secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"greeting_template_id" integer,
	"on_unblock" text DEFAULT 'silent' NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_settings_on_unblock_check" CHECK ("follow_settings"."on_unblock" in ('greet', 'silent'))
);
--> statement-breakpoint
CREATE TABLE "operator_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"member_id" integer,
	"text" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "reply_token" text;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "reply_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "action_runs" ADD CONSTRAINT "action_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_runs" ADD CONSTRAINT "action_runs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_runs" ADD CONSTRAINT "action_runs_action_set_id_action_sets_id_fk" FOREIGN KEY ("action_set_id") REFERENCES "public"."action_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_secrets" ADD CONSTRAINT "action_secrets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_sets" ADD CONSTRAINT "action_sets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_settings" ADD CONSTRAINT "follow_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_settings" ADD CONSTRAINT "follow_settings_greeting_template_id_message_templates_id_fk" FOREIGN KEY ("greeting_template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notices" ADD CONSTRAINT "operator_notices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notices" ADD CONSTRAINT "operator_notices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "action_runs_cause" ON "action_runs" USING btree ("account_id","cause");--> statement-breakpoint
CREATE INDEX "action_sets_account_idx" ON "action_sets" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_notices_key" ON "operator_notices" USING btree ("account_id","key");