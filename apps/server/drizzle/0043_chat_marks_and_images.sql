CREATE TABLE "chat_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"preview_content_type" text NOT NULL,
	"preview_bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_images_content_type_check" CHECK ("message_images"."content_type" in ('image/jpeg', 'image/png') and "message_images"."preview_content_type" in ('image/jpeg', 'image/png'))
);
--> statement-breakpoint
ALTER TABLE "chat_threads" ADD COLUMN "mark_id" integer;--> statement-breakpoint
ALTER TABLE "chat_marks" ADD CONSTRAINT "chat_marks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_images" ADD CONSTRAINT "message_images_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_images" ADD CONSTRAINT "message_images_uploaded_by_operators_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_marks_name_per_account" ON "chat_marks" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "message_images_key" ON "message_images" USING btree ("key");--> statement-breakpoint
CREATE INDEX "message_images_account" ON "message_images" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_mark_id_chat_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."chat_marks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_threads_mark" ON "chat_threads" USING btree ("mark_id");