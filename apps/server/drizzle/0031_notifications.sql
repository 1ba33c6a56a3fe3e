CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"title" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"template_id" integer,
	"kind" text DEFAULT 'standard' NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"send_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"path" text,
	"friends" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "notification_id" integer;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "line_request_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_account_idx" ON "notifications" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "notifications_due" ON "notifications" USING btree ("send_at") WHERE "notifications"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "line_pushes_notification_idx" ON "line_pushes" USING btree ("notification_id") WHERE "line_pushes"."notification_id" is not null;