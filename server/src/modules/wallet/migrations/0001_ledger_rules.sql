-- The ledger is append-only: transfers and entries are never changed or removed.
CREATE FUNCTION wallet_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_transfers_append_only BEFORE UPDATE OR DELETE ON wallet_transfers
  FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();
--> statement-breakpoint
CREATE TRIGGER wallet_entries_append_only BEFORE UPDATE OR DELETE ON wallet_entries
  FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();
--> statement-breakpoint
-- Double entry: at commit, the entries of every transfer touched sum to zero.
CREATE FUNCTION wallet_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM wallet_entries WHERE transfer_id = NEW.transfer_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'the entries of transfer % sum to % instead of zero', NEW.transfer_id, total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER wallet_entries_balanced AFTER INSERT ON wallet_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION wallet_check_balanced();
