CREATE TABLE "google_calendar_writes" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_calendar_writes_state_check" CHECK ("google_calendar_writes"."state" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "google_tokens" ADD COLUMN "write_denied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "google_calendar_writes" ADD CONSTRAINT "google_calendar_writes_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "google_calendar_writes_reservation" ON "google_calendar_writes" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "google_calendar_writes_due" ON "google_calendar_writes" USING btree ("next_attempt_at") WHERE "google_calendar_writes"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "google_calendar_writes_salon" ON "google_calendar_writes" USING btree ("salon_id","state");