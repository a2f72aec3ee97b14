-- How run_facts (ADR 10) is kept equal to the tables it summarises on PostgreSQL: the same five
-- triggers as SQLite's (db/runFacts.ts), in PL/pgSQL, so every write path (ingest, superseded
-- results, rescoring, cancellation, import, a CLI) keeps it inside its own transaction.
-- run_facts_computed() is the full recomputation (the rebuild and the tests read it);
-- run_facts_write(run) is the same SELECT for one run, its turns summed by index, for the triggers.
CREATE FUNCTION run_facts_computed() RETURNS SETOF run_facts LANGUAGE sql STABLE AS $$
  SELECT r.id, r.session_id, s.trial, s.repeats, s.suite_id, r.task_id, r.task_version, r.task_group, r.held_out,
         r.config_id, r.config_version, r.repeat, r.attempt, r.device_id, r.build_commit, r.started_at, r.received_at,
         r.thermal_at_start, r.charging, r.superseded, r.context_window, r.tools_dropped, r.load_cached_tokens,
         sc.id, sc.passed, sc.outcome, sc.end_reason, sc.looping, sc.unscorable, sc.repatches, sc.milestones_total,
         sc.tool_calls, sc.failed_tool_calls, sc.first_ttft_ms, sc.load_ms, sc.startup_tokens, sc.peak_context_tokens,
         sc.output_tokens, sc.call_pattern,
         COALESCE((sc.metrics::jsonb #>> '{contextEvents,overflow}')::double precision, 0),
         COALESCE((sc.metrics::jsonb #>> '{contextEvents,elide}')::double precision, 0),
         COALESCE((sc.metrics::jsonb #>> '{contextEvents,summarize}')::double precision, 0),
         COALESCE((sc.metrics::jsonb #>> '{contextEvents,recall}')::double precision, 0),
         COALESCE(t.n, 0)::integer, COALESCE(t.prompt, 0)::bigint, COALESCE(t.ttft, 0)::bigint,
         COALESCE(t.decode, 0)::bigint, COALESCE(t.output, 0)::bigint,
         (SELECT CASE WHEN jsonb_typeof(b.j) = 'number' THEN (b.j #>> '{}')::double precision END
            FROM (SELECT tr.body::jsonb #> '{conditions,battery}' AS j FROM traces tr WHERE tr.run_id = r.id) b)
    FROM scores sc JOIN runs r ON r.id = sc.run_id JOIN sessions s ON s.id = r.session_id
    LEFT JOIN (SELECT run_id, COUNT(*) AS n, SUM(prompt_tokens) AS prompt, SUM(ttft_ms) AS ttft, SUM(decode_ms) AS decode,
                      SUM(output_tokens) AS output FROM turns GROUP BY run_id) t ON t.run_id = r.id
   WHERE sc.current
$$;
--> statement-breakpoint
CREATE FUNCTION run_facts_write(p_run text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM run_facts WHERE id = p_run;
  INSERT INTO run_facts
  SELECT r.id, r.session_id, s.trial, s.repeats, s.suite_id, r.task_id, r.task_version, r.task_group, r.held_out,
         r.config_id, r.config_version, r.repeat, r.attempt, r.device_id, r.build_commit, r.started_at, r.received_at,
         r.thermal_at_start, r.charging, r.superseded, r.context_window, r.tools_dropped, r.load_cached_tokens,
         sc.id, sc.passed, sc.outcome, sc.end_reason, sc.looping, sc.unscorable, sc.repatches, sc.milestones_total,
         sc.tool_calls, sc.failed_tool_calls, sc.first_ttft_ms, sc.load_ms, sc.startup_tokens, sc.peak_context_tokens,
         sc.output_tokens, sc.call_pattern,
         COALESCE((sc.metrics::jsonb #>> '{contextEvents,overflow}')::double precision, 0),
         COALESCE((sc.metrics::jsonb #>> '{contextEvents,elide}')::double precision, 0),
         COALESCE((sc.metrics::jsonb #>> '{contextEvents,summarize}')::double precision, 0),
         COALESCE((sc.metrics::jsonb #>> '{contextEvents,recall}')::double precision, 0),
         COALESCE(t.n, 0)::integer, COALESCE(t.prompt, 0)::bigint, COALESCE(t.ttft, 0)::bigint,
         COALESCE(t.decode, 0)::bigint, COALESCE(t.output, 0)::bigint,
         (SELECT CASE WHEN jsonb_typeof(b.j) = 'number' THEN (b.j #>> '{}')::double precision END
            FROM (SELECT tr.body::jsonb #> '{conditions,battery}' AS j FROM traces tr WHERE tr.run_id = r.id) b)
    FROM scores sc JOIN runs r ON r.id = sc.run_id JOIN sessions s ON s.id = r.session_id
    LEFT JOIN (SELECT run_id, COUNT(*) AS n, SUM(prompt_tokens) AS prompt, SUM(ttft_ms) AS ttft, SUM(decode_ms) AS decode,
                      SUM(output_tokens) AS output FROM turns WHERE run_id = p_run GROUP BY run_id) t ON t.run_id = r.id
   WHERE sc.current AND sc.run_id = p_run;
END
$$;
--> statement-breakpoint
-- A score inserted as current writes its run's row; one retired deletes it (rescoring retires, then inserts).
CREATE FUNCTION run_facts_on_score() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.current AND NOT NEW.current THEN
    DELETE FROM run_facts WHERE id = NEW.run_id;
  ELSIF NEW.current THEN
    PERFORM run_facts_write(NEW.run_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER run_facts_score_in AFTER INSERT ON scores FOR EACH ROW WHEN (NEW.current) EXECUTE FUNCTION run_facts_on_score();
--> statement-breakpoint
CREATE TRIGGER run_facts_score_current AFTER UPDATE OF current ON scores FOR EACH ROW EXECUTE FUNCTION run_facts_on_score();
--> statement-breakpoint
-- A turn adds to its run's sums (turns written after their run's score; ingest writes them before, and the score's row sums them).
CREATE FUNCTION run_facts_on_turn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE run_facts SET turn_rows = turn_rows + 1, turn_prompt_tokens = turn_prompt_tokens + NEW.prompt_tokens,
         turn_ttft_ms = turn_ttft_ms + NEW.ttft_ms, turn_decode_ms = turn_decode_ms + NEW.decode_ms,
         turn_output_tokens = turn_output_tokens + NEW.output_tokens
   WHERE id = NEW.run_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER run_facts_turn_in AFTER INSERT ON turns FOR EACH ROW EXECUTE FUNCTION run_facts_on_turn();
--> statement-breakpoint
CREATE FUNCTION run_facts_on_trace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE run_facts SET battery = (SELECT CASE WHEN jsonb_typeof(b.j) = 'number' THEN (b.j #>> '{}')::double precision END
                                    FROM (SELECT NEW.body::jsonb #> '{conditions,battery}' AS j) b)
   WHERE id = NEW.run_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER run_facts_trace_in AFTER INSERT ON traces FOR EACH ROW EXECUTE FUNCTION run_facts_on_trace();
--> statement-breakpoint
CREATE FUNCTION run_facts_on_session_trial() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE run_facts SET trial = NEW.trial WHERE session_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER run_facts_session_trial AFTER UPDATE OF trial ON sessions FOR EACH ROW
  WHEN (OLD.trial IS DISTINCT FROM NEW.trial) EXECUTE FUNCTION run_facts_on_session_trial();
--> statement-breakpoint
-- The recovery (`npm run rebuild-summaries`): every row recomputed in one statement's transaction.
-- EXCLUSIVE lets readers read the old rows meanwhile but holds writers (whose triggers would
-- insert rows the rebuild is about to insert) until it commits.
CREATE FUNCTION run_facts_rebuild() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  LOCK TABLE run_facts IN EXCLUSIVE MODE;
  DELETE FROM run_facts;
  INSERT INTO run_facts SELECT * FROM run_facts_computed();
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END
$$;
--> statement-breakpoint
-- A database that held runs before this migration gets its rows now.
SELECT run_facts_rebuild();
