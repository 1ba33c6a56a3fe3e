CREATE TABLE "google_reservation_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"google_calendar_id" text NOT NULL,
	"google_event_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "salon_reservations" ADD COLUMN "nominated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "google_reservation_events" ADD CONSTRAINT "google_reservation_events_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_reservation_events" ADD CONSTRAINT "google_reservation_events_token_id_google_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."google_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "google_reservation_events_reservation" ON "google_reservation_events" USING btree ("reservation_id");