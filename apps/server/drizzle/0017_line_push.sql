CREATE TABLE "line_pushes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"messages" jsonb NOT NULL,
	"dedupe_key" text,
	"retry_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_action_runs" (
	"reservation_id" integer NOT NULL,
	"action_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_action_runs_reservation_id_action_type_pk" PRIMARY KEY("reservation_id","action_type")
);
--> statement-breakpoint
ALTER TABLE "line_pushes" ADD CONSTRAINT "line_pushes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD CONSTRAINT "line_pushes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_action_runs" ADD CONSTRAINT "online_action_runs_reservation_id_salon_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."salon_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_pushes_dedupe_per_account" ON "line_pushes" USING btree ("account_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "line_pushes_due" ON "line_pushes" USING btree ("next_attempt_at","id") WHERE "line_pushes"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "line_pushes_sending" ON "line_pushes" USING btree ("lease_until") WHERE "line_pushes"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "line_pushes_member_idx" ON "line_pushes" USING btree ("member_id");