CREATE TABLE "member_phones" (
	"account_id" integer NOT NULL,
	"tel_hash" text NOT NULL,
	"member_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"journey_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"entry_key" text NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"end_reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "journey_runs_state_check" CHECK ("journey_runs"."state" in ('running', 'finished', 'left'))
);
--> statement-breakpoint
CREATE TABLE "journey_tag_members" (
	"journey_id" integer NOT NULL,
	"journey_tag_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_tag_members_journey_id_journey_tag_id_member_id_pk" PRIMARY KEY("journey_id","journey_tag_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "journey_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"group_id" integer,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"favorite_order" integer,
	"is_active" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"entry" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_api_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"key_id" integer,
	"category" text DEFAULT 'open_api' NOT NULL,
	"event" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"params" jsonb NOT NULL,
	"member_id" integer,
	"idempotency_key" text,
	"outcome" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_api_key_windows" (
	"key_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "open_api_trigger_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger_id" integer NOT NULL,
	"name" text NOT NULL,
	"action_type" text NOT NULL,
	"action_id" integer,
	"member_query_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"order" integer NOT NULL,
	CONSTRAINT "open_api_trigger_actions_type_check" CHECK ("open_api_trigger_actions"."action_type" in ('journey', 'template', 'add_tag', 'remove_tag'))
);
--> statement-breakpoint
CREATE TABLE "open_api_triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_phones" ADD CONSTRAINT "member_phones_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_phones" ADD CONSTRAINT "member_phones_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_groups" ADD CONSTRAINT "journey_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_runs" ADD CONSTRAINT "journey_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_runs" ADD CONSTRAINT "journey_runs_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_runs" ADD CONSTRAINT "journey_runs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_tag_members" ADD CONSTRAINT "journey_tag_members_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_tag_members" ADD CONSTRAINT "journey_tag_members_journey_tag_id_journey_tags_id_fk" FOREIGN KEY ("journey_tag_id") REFERENCES "public"."journey_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_tag_members" ADD CONSTRAINT "journey_tag_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_tags" ADD CONSTRAINT "journey_tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_group_id_journey_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."journey_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_events" ADD CONSTRAINT "open_api_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_events" ADD CONSTRAINT "open_api_events_key_id_open_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."open_api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_events" ADD CONSTRAINT "open_api_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_key_windows" ADD CONSTRAINT "open_api_key_windows_key_id_open_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."open_api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_keys" ADD CONSTRAINT "open_api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_trigger_actions" ADD CONSTRAINT "open_api_trigger_actions_trigger_id_open_api_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."open_api_triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_trigger_actions" ADD CONSTRAINT "open_api_trigger_actions_member_query_id_member_queries_id_fk" FOREIGN KEY ("member_query_id") REFERENCES "public"."member_queries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_triggers" ADD CONSTRAINT "open_api_triggers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_phones_per_account" ON "member_phones" USING btree ("account_id","tel_hash");--> statement-breakpoint
CREATE INDEX "member_phones_member_idx" ON "member_phones" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_groups_name_per_account" ON "journey_groups" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_runs_once" ON "journey_runs" USING btree ("journey_id","member_id","entry_key");--> statement-breakpoint
CREATE INDEX "journey_runs_due" ON "journey_runs" USING btree ("due_at") WHERE "journey_runs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "journey_tag_members_tag_idx" ON "journey_tag_members" USING btree ("journey_tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_tags_name_per_account" ON "journey_tags" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "journeys_account_idx" ON "journeys" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "journeys_active_idx" ON "journeys" USING btree ("id") WHERE "journeys"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "open_api_events_idempotency" ON "open_api_events" USING btree ("account_id","idempotency_key") WHERE "open_api_events"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "open_api_events_account_idx" ON "open_api_events" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_api_key_windows_pk" ON "open_api_key_windows" USING btree ("key_id","window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "open_api_keys_secret" ON "open_api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "open_api_keys_account_idx" ON "open_api_keys" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "open_api_trigger_actions_trigger_idx" ON "open_api_trigger_actions" USING btree ("trigger_id","order");--> statement-breakpoint
CREATE INDEX "open_api_triggers_event_idx" ON "open_api_triggers" USING btree ("account_id","event");