ALTER TABLE "line_pushes" DROP CONSTRAINT "line_pushes_one_or_many";--> statement-breakpoint
CREATE INDEX "line_pushes_fan_out_due" ON "line_pushes" USING btree ("next_attempt_at","id") WHERE "line_pushes"."state" = 'queued' and "line_pushes"."render_aliases" and "line_pushes"."member_ids" is not null;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD CONSTRAINT "line_pushes_one_or_many" CHECK (("line_pushes"."member_id" is null) <> ("line_pushes"."member_ids" is null)
        and ("line_pushes"."member_ids" is null or cardinality("line_pushes"."member_ids") between 1 and 500));