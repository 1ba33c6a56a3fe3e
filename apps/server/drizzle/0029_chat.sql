-- Hand-written (issue 24, decision 0233): the character pairs of a text, lower-cased, for the
-- chat's text search index (pg_trgm finds no trigrams in Japanese under the C locale).
CREATE OR REPLACE FUNCTION chat_bigrams(body text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower(body), i, 2)), '{}')
  FROM generate_series(1, greatest(char_length(body) - 1, 1)) AS i
$$;--> statement-breakpoint
CREATE TABLE "chat_media" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"line_message_id" text,
	"webhook_event_id" text,
	"text" text,
	"payload" jsonb NOT NULL,
	"quote_token" text,
	"quoted_message_id" text,
	"reply_token" text,
	"reply_token_used_at" timestamp with time zone,
	"mark_as_read_token" text,
	"unsent_at" timestamp with time zone,
	"media_state" text,
	"media_attempts" smallint DEFAULT 0 NOT NULL,
	"media_next_attempt_at" timestamp with time zone,
	"sender" text NOT NULL,
	"operator_id" integer,
	"via" text,
	"delivery_state" text,
	"delivery_reason" text DEFAULT '' NOT NULL,
	"push_id" bigint,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_direction_check" CHECK ("chat_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"state" text DEFAULT 'unhandled' NOT NULL,
	"assignee_id" integer,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"last_message_kind" text,
	"last_message_direction" text,
	"last_incoming_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_threads_state_check" CHECK ("chat_threads"."state" in ('unhandled', 'in_progress', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "line_channels" ADD COLUMN "chat_mark_as_read" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_media" ADD CONSTRAINT "chat_media_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_push_id_line_pushes_id_fk" FOREIGN KEY ("push_id") REFERENCES "public"."line_pushes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_assignee_id_operators_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_line_id" ON "chat_messages" USING btree ("account_id","line_message_id");--> statement-breakpoint
CREATE INDEX "chat_messages_thread" ON "chat_messages" USING btree ("member_id","sent_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "chat_messages_media_due" ON "chat_messages" USING btree ("media_next_attempt_at") WHERE "chat_messages"."media_state" = 'pending';--> statement-breakpoint
CREATE INDEX "chat_messages_text_bigrams" ON "chat_messages" USING gin (chat_bigrams("text")) WHERE "chat_messages"."text" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_push" ON "chat_messages" USING btree ("push_id");--> statement-breakpoint
CREATE INDEX "chat_threads_inbox" ON "chat_threads" USING btree ("account_id",("unread_count" > 0) desc,"last_message_at" desc,"member_id" desc);--> statement-breakpoint
CREATE INDEX "chat_threads_state" ON "chat_threads" USING btree ("account_id","state","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_threads_assignee" ON "chat_threads" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "line_pushes_member_ids_idx" ON "line_pushes" USING gin ("member_ids");