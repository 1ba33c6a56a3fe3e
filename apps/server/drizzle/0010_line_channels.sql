CREATE TABLE "line_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"channel_id" text NOT NULL,
	"channel_secret" text NOT NULL,
	"access_token" text,
	"token_kind" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"bot_user_id" text,
	"basic_id" text DEFAULT '' NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"picture_url" text DEFAULT '' NOT NULL,
	"pnp_enabled" boolean DEFAULT false NOT NULL,
	"login_channel_id" text DEFAULT '' NOT NULL,
	"liff_id" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"state_reason" text DEFAULT '' NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_channels_state_check" CHECK ("line_channels"."state" in ('ok', 'attention')),
	CONSTRAINT "line_channels_token_kind_check" CHECK ("line_channels"."token_kind" in ('long-lived', 'stateless'))
);
--> statement-breakpoint
CREATE TABLE "line_send_leases" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Webhook events are now de-duplicated per account's channel. The few rows kept so far only
-- guarded against LINE's redeliveries of the last minutes (idempotent anyway): start afresh.
DROP TABLE "line_webhook_events";--> statement-breakpoint
CREATE TABLE "line_webhook_events" (
	"account_id" integer NOT NULL,
	"webhook_event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_webhook_events_account_id_webhook_event_id_pk" PRIMARY KEY("account_id","webhook_event_id")
);
--> statement-breakpoint
ALTER TABLE "line_channels" ADD CONSTRAINT "line_channels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_send_leases" ADD CONSTRAINT "line_send_leases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_channels_account" ON "line_channels" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_channels_bot_user" ON "line_channels" USING btree ("bot_user_id") WHERE "line_channels"."bot_user_id" is not null;--> statement-breakpoint
ALTER TABLE "line_webhook_events" ADD CONSTRAINT "line_webhook_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;