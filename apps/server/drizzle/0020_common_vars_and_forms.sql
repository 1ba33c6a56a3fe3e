CREATE TABLE "common_var_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "common_vars" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"group_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "common_vars_type_check" CHECK ("common_vars"."type" in ('text', 'number', 'date', 'url'))
);
--> statement-breakpoint
CREATE TABLE "form_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_answers_is_array" CHECK (jsonb_typeof("form_answers"."answers") = 'array')
);
--> statement-breakpoint
CREATE TABLE "form_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"var_id" integer NOT NULL,
	"label" text NOT NULL,
	"help" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"group_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"public_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thanks_message" text DEFAULT '' NOT NULL,
	"accepting" boolean DEFAULT true NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "common_var_groups" ADD CONSTRAINT "common_var_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_vars" ADD CONSTRAINT "common_vars_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_vars" ADD CONSTRAINT "common_vars_group_id_common_var_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."common_var_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_groups" ADD CONSTRAINT "form_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_questions" ADD CONSTRAINT "form_questions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_questions" ADD CONSTRAINT "form_questions_var_id_var_items_id_fk" FOREIGN KEY ("var_id") REFERENCES "public"."var_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_group_id_form_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."form_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "common_var_groups_name_per_account" ON "common_var_groups" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "common_vars_code_per_account" ON "common_vars" USING btree ("account_id","code");--> statement-breakpoint
CREATE INDEX "common_vars_group_idx" ON "common_vars" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "form_answers_member_idx" ON "form_answers" USING btree ("member_id","answered_at");--> statement-breakpoint
CREATE INDEX "form_answers_form_idx" ON "form_answers" USING btree ("form_id","answered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_groups_name_per_account" ON "form_groups" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "form_questions_form_idx" ON "form_questions" USING btree ("form_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "form_questions_one_per_field" ON "form_questions" USING btree ("form_id","var_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_code_per_account" ON "forms" USING btree ("account_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_public_key" ON "forms" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "forms_group_idx" ON "forms" USING btree ("group_id");