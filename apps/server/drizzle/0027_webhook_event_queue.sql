ALTER TABLE "line_webhook_events" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "line_webhook_events" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "line_webhook_events" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "line_webhook_events" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "line_webhook_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "line_webhook_events" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "line_webhook_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_webhook_events" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "line_webhook_events_pending_idx" ON "line_webhook_events" USING btree ("seq") WHERE "line_webhook_events"."pending";--> statement-breakpoint
CREATE INDEX "line_webhook_events_subject_idx" ON "line_webhook_events" USING btree ("account_id","subject","seq") WHERE "line_webhook_events"."pending";--> statement-breakpoint
CREATE INDEX "line_webhook_events_prune_idx" ON "line_webhook_events" USING btree ("received_at") WHERE not "line_webhook_events"."pending";