ALTER TABLE "line_channels" ADD COLUMN "quota_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_channels" ADD COLUMN "quota_limit" integer;--> statement-breakpoint
ALTER TABLE "line_channels" ADD COLUMN "quota_used" integer;--> statement-breakpoint
ALTER TABLE "tel_messages" ADD COLUMN "failure_details" jsonb;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "details" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "key_used_at" timestamp with time zone;