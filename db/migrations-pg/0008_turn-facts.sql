CREATE TABLE "turn_facts" (
	"run_id" text NOT NULL,
	"idx" integer NOT NULL,
	"config_id" text NOT NULL,
	"turn_ms" integer NOT NULL,
	"trial" boolean NOT NULL,
	"superseded" boolean NOT NULL,
	"unscorable" text,
	"session_id" text NOT NULL,
	"suite_id" text NOT NULL,
	"build_commit" text NOT NULL,
	"device_id" text NOT NULL,
	"thermal_at_start" text,
	"charging" boolean,
	"tools_dropped" boolean NOT NULL,
	"task_id" text NOT NULL,
	"task_group" text NOT NULL,
	"outcome" text NOT NULL,
	"passed" boolean NOT NULL,
	"looping" boolean NOT NULL,
	CONSTRAINT "turn_facts_run_id_idx_pk" PRIMARY KEY("run_id","idx")
);
--> statement-breakpoint
CREATE INDEX "turn_facts_median" ON "turn_facts" USING btree ("config_id","turn_ms","trial","superseded","unscorable","session_id","suite_id","build_commit","device_id","thermal_at_start","charging","tools_dropped","task_id","task_group","outcome","passed","looping");--> statement-breakpoint
-- turn_facts (ADR 11) follows run_facts as db/runFacts.ts makes it on SQLite: a run's row written
-- gives its turns' rows (run_facts_write deletes before it inserts, so none is there yet), a run's
-- row removed takes them, a turn written after its run's row adds one, a trial flag is copied.
-- turn_facts_computed() is the recomputation from the raw tables, for the tests.
CREATE FUNCTION turn_facts_computed() RETURNS SETOF turn_facts LANGUAGE sql STABLE AS $$
  SELECT f.id, t.idx, f.config_id, t.ttft_ms + t.decode_ms, f.trial, f.superseded, f.unscorable, f.session_id,
         f.suite_id, f.build_commit, f.device_id, f.thermal_at_start, f.charging, f.tools_dropped, f.task_id, f.task_group,
         f.outcome, f.passed, f.looping
    FROM run_facts_computed() f JOIN turns t ON t.run_id = f.id
$$;
--> statement-breakpoint
CREATE FUNCTION run_facts_on_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM turn_facts WHERE run_id = OLD.id;
  ELSE
    INSERT INTO turn_facts
    SELECT f.id, t.idx, f.config_id, t.ttft_ms + t.decode_ms, f.trial, f.superseded, f.unscorable, f.session_id,
         f.suite_id, f.build_commit, f.device_id, f.thermal_at_start, f.charging, f.tools_dropped, f.task_id, f.task_group,
         f.outcome, f.passed, f.looping
      FROM run_facts f JOIN turns t ON t.run_id = f.id WHERE f.id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER run_facts_turns_of_run AFTER INSERT OR DELETE ON run_facts FOR EACH ROW EXECUTE FUNCTION run_facts_on_run();
--> statement-breakpoint
CREATE FUNCTION run_facts_on_turn_fact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO turn_facts
  SELECT f.id, t.idx, f.config_id, t.ttft_ms + t.decode_ms, f.trial, f.superseded, f.unscorable, f.session_id,
         f.suite_id, f.build_commit, f.device_id, f.thermal_at_start, f.charging, f.tools_dropped, f.task_id, f.task_group,
         f.outcome, f.passed, f.looping
    FROM run_facts f JOIN turns t ON t.run_id = f.id WHERE f.id = NEW.run_id AND t.idx = NEW.idx;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER run_facts_turn_fact AFTER INSERT ON turns FOR EACH ROW EXECUTE FUNCTION run_facts_on_turn_fact();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION run_facts_on_session_trial() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE run_facts SET trial = NEW.trial WHERE session_id = NEW.id;
  UPDATE turn_facts SET trial = NEW.trial WHERE session_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The rebuild empties turn_facts too (in case it alone was damaged); run_facts' triggers refill it.
CREATE OR REPLACE FUNCTION run_facts_rebuild() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  LOCK TABLE run_facts, turn_facts IN EXCLUSIVE MODE;
  DELETE FROM turn_facts;
  DELETE FROM run_facts;
  INSERT INTO run_facts SELECT * FROM run_facts_computed();
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END
$$;
--> statement-breakpoint
-- A database that held runs before this migration gets its turns' rows now.
INSERT INTO turn_facts
  SELECT f.id, t.idx, f.config_id, t.ttft_ms + t.decode_ms, f.trial, f.superseded, f.unscorable, f.session_id,
         f.suite_id, f.build_commit, f.device_id, f.thermal_at_start, f.charging, f.tools_dropped, f.task_id, f.task_group,
         f.outcome, f.passed, f.looping
    FROM run_facts f JOIN turns t ON t.run_id = f.id;
