CREATE TABLE "ad_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"platform" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"secret2" text DEFAULT '' NOT NULL,
	"secret3" text DEFAULT '' NOT NULL,
	"mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"oauth_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_connections_platform_check" CHECK ("ad_connections"."platform" in ('line', 'meta', 'google')),
	CONSTRAINT "ad_connections_state_check" CHECK ("ad_connections"."state" in ('pending', 'connected', 'error', 'paused'))
);
--> statement-breakpoint
CREATE TABLE "ad_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"event_kind" text NOT NULL,
	"friend_event_id" bigint NOT NULL,
	"dedup_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "ad_conversions_state_check" CHECK ("ad_conversions"."state" in ('pending', 'sent', 'rejected', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "ad_send_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"conversion_id" integer,
	"status" integer NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_connections" ADD CONSTRAINT "ad_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_conversions" ADD CONSTRAINT "ad_conversions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_conversions" ADD CONSTRAINT "ad_conversions_connection_id_ad_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ad_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_conversions" ADD CONSTRAINT "ad_conversions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_send_log" ADD CONSTRAINT "ad_send_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_send_log" ADD CONSTRAINT "ad_send_log_connection_id_ad_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ad_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_send_log" ADD CONSTRAINT "ad_send_log_conversion_id_ad_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."ad_conversions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_connections_platform_per_account" ON "ad_connections" USING btree ("account_id","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_conversions_dedup" ON "ad_conversions" USING btree ("connection_id","dedup_key");--> statement-breakpoint
CREATE INDEX "ad_conversions_due_idx" ON "ad_conversions" USING btree ("connection_id","next_at") WHERE "ad_conversions"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "ad_send_log_connection_idx" ON "ad_send_log" USING btree ("connection_id","id");