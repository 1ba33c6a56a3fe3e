-- Role names are unique per account, compared case-insensitively (issue 10, decision 0090).
-- Names that already clash keep the oldest role's name; each later one gets its id appended
-- (`スタッフ (12)`), so the index can be built and no role is lost.
UPDATE "operator_roles" AS r
SET "name" = r."name" || ' (' || r."id" || ')', "updated_at" = now()
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "account_id", lower("name") ORDER BY "id") AS n
  FROM "operator_roles"
) AS ranked
WHERE ranked."id" = r."id" AND ranked.n > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_roles_name_per_account" ON "operator_roles" USING btree ("account_id",lower("name"));
