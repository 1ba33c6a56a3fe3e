DROP INDEX "tel_messages_order_idx";--> statement-breakpoint
CREATE INDEX "tel_messages_order_idx" ON "tel_messages" USING btree ("order_id","status","next_attempt_at","id");