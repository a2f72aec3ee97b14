-- Issue 22, ADR 12: prunes counted. A copy's position records the count its snapshot saw; it
-- reloads only when a prune it has not seen dropped entries at or past its position. Without the
-- count, a prune (or a rebuild's reset entry) at or past the xmin of the copy's fresh load, which
-- any transaction open elsewhere on the cluster keeps low, sent every read into another reload.
ALTER TABLE facts_log_pruned ADD COLUMN prunes bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION facts_log_prune() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE gone xid8;
BEGIN
  IF NEW.seq % 4096 = 0 THEN
    WITH d AS (DELETE FROM facts_log WHERE seq <= NEW.seq - 65536 RETURNING xid)
      SELECT max(d.xid) INTO gone FROM d;
    IF gone IS NOT NULL THEN
      UPDATE facts_log_pruned SET xid = greatest(xid, gone), prunes = prunes + 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
