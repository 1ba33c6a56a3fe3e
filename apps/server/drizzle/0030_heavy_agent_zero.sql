CREATE TABLE "board_cards" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"column_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"due_date" date,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_columns" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"order" integer NOT NULL,
	"limit" integer,
	"chat_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_columns_limit_check" CHECK ("board_columns"."limit" is null or "board_columns"."limit" > 0)
);
--> statement-breakpoint
ALTER TABLE "board_cards" ADD CONSTRAINT "board_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_cards" ADD CONSTRAINT "board_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_cards" ADD CONSTRAINT "board_cards_column_id_board_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."board_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_columns" ADD CONSTRAINT "board_columns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_cards_column_idx" ON "board_cards" USING btree ("column_id","moved_at" desc);--> statement-breakpoint
CREATE INDEX "board_cards_account_idx" ON "board_cards" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "board_columns_name_per_account" ON "board_columns" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "board_columns_chat_state_per_account" ON "board_columns" USING btree ("account_id","chat_state") WHERE "board_columns"."chat_state" is not null;