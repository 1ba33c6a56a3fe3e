ALTER TABLE "members" DROP CONSTRAINT "members_follow_state_check";--> statement-breakpoint
ALTER TABLE "line_channels" ADD COLUMN "login_attention" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "unblocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_follow_state_check" CHECK ("members"."follow_state" in ('following', 'blocked', 'not_friend'));