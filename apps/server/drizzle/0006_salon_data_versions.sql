-- The data version of each salon's reservation and shift reads (docs/decisions/0031): every
-- statement that writes a table those answers are built from gives the salons it touched a new
-- version from one sequence, in the same transaction. A server process serves a cached answer
-- only while the version it was built under is still the current one, so a write from any
-- process, or straight SQL, makes the next read fresh.
CREATE TABLE "salon_data_versions" (
	"salon_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "salon_data_version_seq";
--> statement-breakpoint
-- New versions for the given salons (in id order, so two writers lock the rows alike).
CREATE FUNCTION "salon_data_bump"(salon_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO salon_data_versions (salon_id, version)
  SELECT id, nextval('salon_data_version_seq')
  FROM (SELECT DISTINCT id FROM unnest(salon_ids) AS ids(id) WHERE id IS NOT NULL) AS s
  ORDER BY id
  ON CONFLICT (salon_id) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
-- Statement triggers of the tables with a salon_id: the salons of the rows written.
CREATE FUNCTION "salon_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM salon_data_bump(ARRAY(SELECT salon_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM salon_data_bump(ARRAY(SELECT salon_id FROM new_rows UNION SELECT salon_id FROM old_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM salon_data_bump(ARRAY(SELECT salon_id FROM old_rows));
  ELSE -- TRUNCATE
    PERFORM salon_data_bump(ARRAY(SELECT id FROM salons));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Members are per account: a changed name or icon (what the reservations show), an account
-- change or a removal gives every salon of the account a new version. A new member is in no
-- answer yet.
CREATE FUNCTION "salon_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM salon_data_bump(ARRAY(
      SELECT s.id FROM salons s WHERE s.account_id IN (
        SELECT unnest(ARRAY[n.account_id, o.account_id])
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.display_name, n.icon_url, n.account_id)
          IS DISTINCT FROM (o.display_name, o.icon_url, o.account_id))));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM salon_data_bump(ARRAY(
      SELECT s.id FROM salons s WHERE s.account_id IN (SELECT account_id FROM old_rows)));
  ELSE -- TRUNCATE
    PERFORM salon_data_bump(ARRAY(SELECT id FROM salons));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'salon_reservations', 'salon_reservation_children', 'salon_block_times',
    'salon_resources', 'salon_courses', 'salon_time_shifts', 'salon_time_shift_patches'
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION salon_data_changed()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows '
      'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION salon_data_changed()',
      t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION salon_data_changed()', t || '_version_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION salon_data_changed()', t || '_version_truncate', t);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "members_version_update" AFTER UPDATE ON "members"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION salon_member_changed();
--> statement-breakpoint
CREATE TRIGGER "members_version_delete" AFTER DELETE ON "members"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION salon_member_changed();
--> statement-breakpoint
CREATE TRIGGER "members_version_truncate" AFTER TRUNCATE ON "members"
  FOR EACH STATEMENT EXECUTE FUNCTION salon_member_changed();
