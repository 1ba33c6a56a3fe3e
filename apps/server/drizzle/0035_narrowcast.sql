ALTER TABLE "line_pushes" DROP CONSTRAINT "line_pushes_one_or_many";--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "narrowcast" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD COLUMN "progress_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "line_pushes_narrowcast_progress" ON "line_pushes" USING btree ("progress_check_at") WHERE "line_pushes"."narrowcast" and "line_pushes"."state" = 'sent' and "line_pushes"."progress_check_at" is not null;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD CONSTRAINT "line_pushes_one_or_many" CHECK (("line_pushes"."narrowcast" and "line_pushes"."member_id" is null and cardinality("line_pushes"."member_ids") = 0)
        or (not "line_pushes"."narrowcast" and ("line_pushes"."member_id" is null) <> ("line_pushes"."member_ids" is null)
          and ("line_pushes"."member_ids" is null or cardinality("line_pushes"."member_ids") between 1 and 500)));