CREATE TABLE "line_webhook_events" (
	"webhook_event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tel_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"tel" text NOT NULL,
	"tel_e164" text NOT NULL,
	"template_id" integer NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failure_reason" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"processing_started_at" timestamp with time zone,
	CONSTRAINT "tel_messages_status_check" CHECK ("tel_messages"."status" in (1, 2, 3, -2, -3))
);
--> statement-breakpoint
CREATE TABLE "tel_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"count_all" integer DEFAULT 0 NOT NULL,
	"count_success" integer DEFAULT 0 NOT NULL,
	"count_failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "tel_orders_status_check" CHECK ("tel_orders"."status" in (0, 1, 2, 3, -1))
);
--> statement-breakpoint
CREATE TABLE "tel_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tel_orders" ADD CONSTRAINT "tel_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tel_templates" ADD CONSTRAINT "tel_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tel_messages_order_idx" ON "tel_messages" USING btree ("order_id","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "tel_messages_processing_idx" ON "tel_messages" USING btree ("processing_started_at") WHERE "tel_messages"."status" = 2;--> statement-breakpoint
CREATE INDEX "tel_orders_account_idx" ON "tel_orders" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "tel_orders_active_idx" ON "tel_orders" USING btree ("id") WHERE "tel_orders"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "tel_templates_account_idx" ON "tel_templates" USING btree ("account_id","id");