CREATE TABLE "friend_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer,
	"detail" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_events_kind_check" CHECK ("kind" in ('follow', 'unfollow', 'tracker_arrival', 'tag_added', 'form_answered', 'salon_booked', 'salon_visited', 'event_booked', 'event_attended', 'message_read'))
);
--> statement-breakpoint
CREATE TABLE "funnels" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "friend_events" ADD CONSTRAINT "friend_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_events" ADD CONSTRAINT "friend_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friend_events_step_idx" ON "friend_events" USING btree ("account_id","kind","ref_id","member_id","occurred_at");--> statement-breakpoint
CREATE INDEX "friend_events_member_idx" ON "friend_events" USING btree ("member_id","occurred_at");--> statement-breakpoint
CREATE INDEX "funnels_account_idx" ON "funnels" USING btree ("account_id","id");--> statement-breakpoint
-- Backfill (decision 0360, hand-written): the log starts with the history the tables already hold, so a funnel works over the past.
INSERT INTO "friend_events" ("account_id", "member_id", "kind", "ref_id", "detail", "occurred_at")
SELECT m."account_id", m."id", 'follow', NULL::integer, 'backfill', m."followed_at" FROM "members" m WHERE m."followed_at" IS NOT NULL
UNION ALL
SELECT m."account_id", m."id", 'unfollow', NULL::integer, 'backfill', m."unfollowed_at" FROM "members" m WHERE m."follow_state" = 'blocked' AND m."unfollowed_at" IS NOT NULL
UNION ALL
SELECT m."account_id", mt."member_id", 'tag_added', mt."tag_id", 'backfill', mt."created_at" FROM "member_tags" mt JOIN "members" m ON m."id" = mt."member_id"
UNION ALL
SELECT m."account_id", fa."member_id", 'form_answered', fa."form_id", 'backfill', fa."answered_at" FROM "form_answers" fa JOIN "members" m ON m."id" = fa."member_id"
UNION ALL
SELECT m."account_id", r."member_id", 'salon_booked', r."course_id", 'backfill', r."created_at" FROM "salon_reservations" r JOIN "members" m ON m."id" = r."member_id"
UNION ALL
SELECT m."account_id", r."member_id", 'salon_visited', r."course_id", 'backfill', COALESCE(r."checked_at", (r."date" + r."from_time"::interval) AT TIME ZONE 'Asia/Tokyo') FROM "salon_reservations" r JOIN "members" m ON m."id" = r."member_id" WHERE r."visit_status" = 1
UNION ALL
SELECT m."account_id", er."member_id", 'event_booked', er."event_id", 'backfill', er."booked_at" FROM "event_reservations" er JOIN "members" m ON m."id" = er."member_id"
UNION ALL
SELECT m."account_id", er."member_id", 'event_attended', er."event_id", 'backfill', er."attended_at" FROM "event_reservations" er JOIN "members" m ON m."id" = er."member_id" WHERE er."attended_at" IS NOT NULL;
