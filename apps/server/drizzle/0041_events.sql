CREATE TABLE "event_reminder_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"reminder_key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "event_reminder_jobs_state_check" CHECK ("event_reminder_jobs"."state" in ('pending', 'sent', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "event_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"source" text NOT NULL,
	"limit_key" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checkin_code" text NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"attended_at" timestamp with time zone,
	CONSTRAINT "event_reservations_state_check" CHECK ("event_reservations"."state" in ('booked', 'attended', 'absent', 'cancelled_self', 'cancelled_shop', 'cancelled_notified')),
	CONSTRAINT "event_reservations_source_check" CHECK ("event_reservations"."source" in ('member', 'staff', 'waitlist'))
);
--> statement-breakpoint
CREATE TABLE "event_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"cancel_deadline_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_slots_capacity_check" CHECK ("event_slots"."capacity" between 1 and 10000),
	CONSTRAINT "event_slots_seats_check" CHECK ("event_slots"."seats_taken" >= 0 and "event_slots"."seats_taken" <= "event_slots"."capacity"),
	CONSTRAINT "event_slots_times_check" CHECK ("event_slots"."ends_at" > "event_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "event_waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"reservation_id" integer,
	CONSTRAINT "event_waitlist_state_check" CHECK ("event_waitlist"."state" in ('waiting', 'offered', 'accepted', 'expired', 'left'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"admin_name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"online_url" text DEFAULT '' NOT NULL,
	"folder" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"booking_limit" text DEFAULT 'per_event' NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions_on_booking" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions_on_cancel" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions_on_attendance" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmation_text" text DEFAULT '' NOT NULL,
	"reminders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_close_hour" smallint DEFAULT 18 NOT NULL,
	"waitlist_enabled" boolean DEFAULT true NOT NULL,
	"waitlist_offer_hours" smallint DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_state_check" CHECK ("events"."state" in ('draft', 'open', 'closed', 'ended')),
	CONSTRAINT "events_booking_limit_check" CHECK ("events"."booking_limit" in ('per_event', 'per_slot', 'unlimited'))
);
--> statement-breakpoint
ALTER TABLE "event_reminder_jobs" ADD CONSTRAINT "event_reminder_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminder_jobs" ADD CONSTRAINT "event_reminder_jobs_reservation_id_event_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."event_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reservations" ADD CONSTRAINT "event_reservations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reservations" ADD CONSTRAINT "event_reservations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reservations" ADD CONSTRAINT "event_reservations_slot_id_event_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."event_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reservations" ADD CONSTRAINT "event_reservations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_slots" ADD CONSTRAINT "event_slots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_slots" ADD CONSTRAINT "event_slots_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_slot_id_event_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."event_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_reservation_id_event_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."event_reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_reminder_jobs_once" ON "event_reminder_jobs" USING btree ("reservation_id","reminder_key");--> statement-breakpoint
CREATE INDEX "event_reminder_jobs_due" ON "event_reminder_jobs" USING btree ("due_at") WHERE "event_reminder_jobs"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "event_reservations_slot" ON "event_reservations" USING btree ("slot_id","id");--> statement-breakpoint
CREATE INDEX "event_reservations_event" ON "event_reservations" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "event_reservations_member" ON "event_reservations" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_reservations_checkin" ON "event_reservations" USING btree ("checkin_code");--> statement-breakpoint
CREATE UNIQUE INDEX "event_reservations_limit" ON "event_reservations" USING btree ("member_id","limit_key") WHERE "event_reservations"."limit_key" is not null and "event_reservations"."state" in ('booked', 'attended', 'absent');--> statement-breakpoint
CREATE INDEX "event_slots_event" ON "event_slots" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_waitlist_slot" ON "event_waitlist" USING btree ("slot_id","state","id");--> statement-breakpoint
CREATE INDEX "event_waitlist_offers" ON "event_waitlist" USING btree ("offer_expires_at") WHERE "event_waitlist"."state" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "event_waitlist_once" ON "event_waitlist" USING btree ("slot_id","member_id") WHERE "event_waitlist"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "events_public_key" ON "events" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "events_account" ON "events" USING btree ("account_id","id");