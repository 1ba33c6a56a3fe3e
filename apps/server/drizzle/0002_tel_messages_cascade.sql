-- tel_messages has no foreign keys (a per-row key check doubles the cost of a 100,000-row upload,
-- docs/decisions/0020-tel-upload.md). This trigger does what ON DELETE CASCADE from tel_orders
-- would have done; tel_orders itself cascades from accounts.
CREATE FUNCTION tel_orders_delete_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tel_messages WHERE order_id = OLD.id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tel_orders_delete_messages
  AFTER DELETE ON tel_orders
  FOR EACH ROW EXECUTE FUNCTION tel_orders_delete_messages();
