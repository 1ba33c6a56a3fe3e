CREATE TABLE "staff_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"channel" text NOT NULL,
	"state" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_deliveries_channel_check" CHECK ("staff_deliveries"."channel" in ('console', 'email', 'line')),
	CONSTRAINT "staff_deliveries_state_check" CHECK ("staff_deliveries"."state" in ('pending', 'sent', 'failed', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "staff_notify_settings" (
	"operator_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kinds" text[] NOT NULL,
	"channels" text[] NOT NULL,
	"quiet_from" text,
	"quiet_until" text,
	"email" text,
	"line_member_id" integer,
	"link_code" text,
	"link_code_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notify_settings_quiet_check" CHECK (("staff_notify_settings"."quiet_from" is null) = ("staff_notify_settings"."quiet_until" is null))
);
--> statement-breakpoint
ALTER TABLE "operator_notices" ADD COLUMN "kind" text DEFAULT 'action' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_notices" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "staff_deliveries" ADD CONSTRAINT "staff_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_deliveries" ADD CONSTRAINT "staff_deliveries_notice_id_operator_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."operator_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_deliveries" ADD CONSTRAINT "staff_deliveries_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notify_settings" ADD CONSTRAINT "staff_notify_settings_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notify_settings" ADD CONSTRAINT "staff_notify_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notify_settings" ADD CONSTRAINT "staff_notify_settings_line_member_id_members_id_fk" FOREIGN KEY ("line_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_deliveries_once" ON "staff_deliveries" USING btree ("notice_id","operator_id","channel");--> statement-breakpoint
CREATE INDEX "staff_deliveries_due" ON "staff_deliveries" USING btree ("next_attempt_at") WHERE "staff_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_deliveries_operator" ON "staff_deliveries" USING btree ("operator_id","channel","id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notify_settings_link_code" ON "staff_notify_settings" USING btree ("account_id","link_code");