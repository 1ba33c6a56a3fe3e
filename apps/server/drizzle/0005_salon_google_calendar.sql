DROP INDEX "google_tokens_salon_idx";--> statement-breakpoint
ALTER TABLE "salon_time_shifts" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "google_tokens_salon_email" ON "google_tokens" USING btree ("salon_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "salon_time_shifts_external" ON "salon_time_shifts" USING btree ("resource_id","external_id") WHERE "salon_time_shifts"."external_id" is not null;