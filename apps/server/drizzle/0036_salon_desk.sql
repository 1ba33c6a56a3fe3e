ALTER TABLE "salon_reservations" ADD COLUMN "kana" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "salon_reservations" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "salon_reservations_search_bigrams" ON "salon_reservations" USING gin (chat_bigrams("name" || ' ' || "kana" || ' ' || "phone"));--> statement-breakpoint
CREATE INDEX "salon_reservations_salon_phone_idx" ON "salon_reservations" USING btree ("salon_id","phone") WHERE "salon_reservations"."phone" <> '';