-- Issue 22, ADR 12: the change log the analytics' columnar copy follows. Every write of a run's
-- run_facts row names the run, in the writing transaction, with that transaction's id: sequence
-- order is not commit order on PostgreSQL, so a copy reads the entries of every transaction not
-- yet finished at its last snapshot (xid >= that snapshot's xmin) and re-reads those runs whole.
CREATE TABLE facts_log (
  seq bigserial PRIMARY KEY,
  run_id text NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
--> statement-breakpoint
CREATE INDEX facts_log_xid ON facts_log (xid);
--> statement-breakpoint
-- The newest transaction id among pruned entries: a copy whose position is not past it reloads.
CREATE TABLE facts_log_pruned (one boolean PRIMARY KEY DEFAULT TRUE CHECK (one), xid xid8 NOT NULL);
--> statement-breakpoint
INSERT INTO facts_log_pruned (xid) VALUES ('0');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION facts_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Off while run_facts_rebuild() runs: its one reset entry says it all.
  IF current_setting('harness_lab.facts_log_off', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO facts_log (run_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER facts_log_write AFTER INSERT OR UPDATE OR DELETE ON run_facts
  FOR EACH ROW EXECUTE FUNCTION facts_log_write();
--> statement-breakpoint
-- Kept short: every 4,096th entry drops those 65,536 older, noting the newest transaction dropped.
CREATE OR REPLACE FUNCTION facts_log_prune() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE gone xid8;
BEGIN
  IF NEW.seq % 4096 = 0 THEN
    WITH d AS (DELETE FROM facts_log WHERE seq <= NEW.seq - 65536 RETURNING xid)
      SELECT max(d.xid) INTO gone FROM d;
    IF gone IS NOT NULL THEN
      UPDATE facts_log_pruned SET xid = greatest(xid, gone);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER facts_log_prune AFTER INSERT ON facts_log FOR EACH ROW EXECUTE FUNCTION facts_log_prune();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION run_facts_rebuild() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  LOCK TABLE run_facts, turn_facts IN EXCLUSIVE MODE;
  PERFORM set_config('harness_lab.facts_log_off', 'on', true);
  DELETE FROM turn_facts;
  DELETE FROM run_facts;
  INSERT INTO run_facts SELECT * FROM run_facts_computed();
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('harness_lab.facts_log_off', 'off', true);
  INSERT INTO facts_log (run_id) VALUES ('*');
  RETURN n;
END
$$;
