-- LINE friends (issue 13): follow state and times, profile refresh, one row per LINE user per account.
ALTER TABLE "members" ADD COLUMN "follow_state" text DEFAULT 'following' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "followed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "unfollowed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "follow_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "profile_wanted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Members from before: friends since they were recorded.
UPDATE "members" SET "followed_at" = "created_at" WHERE "followed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "members_account_followed" ON "members" USING btree ("account_id","followed_at" desc nulls last,"id" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "members_line_user_per_account" ON "members" USING btree ("account_id","line_user_id");--> statement-breakpoint
CREATE INDEX "members_profile_wanted" ON "members" USING btree ("id") WHERE "members"."profile_wanted";--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_follow_state_check" CHECK ("members"."follow_state" in ('following', 'blocked'));