CREATE TABLE "member_var_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"var_id" integer NOT NULL,
	"text_value" text,
	"number_value" double precision,
	"date_value" date,
	"choice_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "var_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"var_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "var_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "var_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"group_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "var_items_type_check" CHECK ("var_items"."type" in ('text', 'number', 'date', 'choice', 'multi_choice'))
);
--> statement-breakpoint
ALTER TABLE "member_var_values" ADD CONSTRAINT "member_var_values_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_var_values" ADD CONSTRAINT "member_var_values_var_id_var_items_id_fk" FOREIGN KEY ("var_id") REFERENCES "public"."var_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_var_values" ADD CONSTRAINT "member_var_values_choice_id_var_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."var_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "var_choices" ADD CONSTRAINT "var_choices_var_id_var_items_id_fk" FOREIGN KEY ("var_id") REFERENCES "public"."var_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "var_groups" ADD CONSTRAINT "var_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "var_items" ADD CONSTRAINT "var_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "var_items" ADD CONSTRAINT "var_items_group_id_var_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."var_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_var_values_one_per_choice" ON "member_var_values" USING btree ("member_id","var_id",coalesce("choice_id", 0));--> statement-breakpoint
CREATE INDEX "member_var_values_text_idx" ON "member_var_values" USING btree ("var_id","text_value");--> statement-breakpoint
CREATE INDEX "member_var_values_number_idx" ON "member_var_values" USING btree ("var_id","number_value");--> statement-breakpoint
CREATE INDEX "member_var_values_date_idx" ON "member_var_values" USING btree ("var_id","date_value");--> statement-breakpoint
CREATE INDEX "member_var_values_choice_idx" ON "member_var_values" USING btree ("choice_id","member_id");--> statement-breakpoint
CREATE INDEX "var_choices_var_idx" ON "var_choices" USING btree ("var_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "var_groups_name_per_account" ON "var_groups" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "var_items_name_per_account" ON "var_items" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "var_items_group_idx" ON "var_items" USING btree ("group_id");