ALTER TABLE "run_facts" ADD COLUMN "turn_prompt_sq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "run_facts" ADD COLUMN "turn_prompt_ttft" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "run_facts" ADD COLUMN "turn_ttft_sq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The fit's power sums (ADR 11) join the full recomputation, the one-run write and the turn trigger
-- (their definitions of 0002, with the three sums added at the end, in the table's column order).
CREATE OR REPLACE FUNCTION run_facts_computed() RETURNS SETOF run_facts LANGUAGE sql STABLE AS $$
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
            FROM (SELECT tr.body::jsonb #> '{conditions,battery}' AS j FROM traces tr WHERE tr.run_id = r.id) b),
         COALESCE(t.psq, 0)::bigint, COALESCE(t.pt, 0)::bigint, COALESCE(t.tsq, 0)::bigint
    FROM scores sc JOIN runs r ON r.id = sc.run_id JOIN sessions s ON s.id = r.session_id
    LEFT JOIN (SELECT run_id, COUNT(*) AS n, SUM(prompt_tokens) AS prompt, SUM(ttft_ms) AS ttft, SUM(decode_ms) AS decode,
                      SUM(output_tokens) AS output,
                      SUM(prompt_tokens::bigint * prompt_tokens) AS psq, SUM(prompt_tokens::bigint * ttft_ms) AS pt,
                      SUM(ttft_ms::bigint * ttft_ms) AS tsq FROM turns GROUP BY run_id) t ON t.run_id = r.id
   WHERE sc.current
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION run_facts_write(p_run text) RETURNS void LANGUAGE plpgsql AS $$
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
            FROM (SELECT tr.body::jsonb #> '{conditions,battery}' AS j FROM traces tr WHERE tr.run_id = r.id) b),
         COALESCE(t.psq, 0)::bigint, COALESCE(t.pt, 0)::bigint, COALESCE(t.tsq, 0)::bigint
    FROM scores sc JOIN runs r ON r.id = sc.run_id JOIN sessions s ON s.id = r.session_id
    LEFT JOIN (SELECT run_id, COUNT(*) AS n, SUM(prompt_tokens) AS prompt, SUM(ttft_ms) AS ttft, SUM(decode_ms) AS decode,
                      SUM(output_tokens) AS output,
                      SUM(prompt_tokens::bigint * prompt_tokens) AS psq, SUM(prompt_tokens::bigint * ttft_ms) AS pt,
                      SUM(ttft_ms::bigint * ttft_ms) AS tsq FROM turns WHERE run_id = p_run GROUP BY run_id) t ON t.run_id = r.id
   WHERE sc.current AND sc.run_id = p_run;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION run_facts_on_turn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE run_facts SET turn_rows = turn_rows + 1, turn_prompt_tokens = turn_prompt_tokens + NEW.prompt_tokens,
         turn_ttft_ms = turn_ttft_ms + NEW.ttft_ms, turn_decode_ms = turn_decode_ms + NEW.decode_ms,
         turn_output_tokens = turn_output_tokens + NEW.output_tokens,
         turn_prompt_sq = turn_prompt_sq + NEW.prompt_tokens::bigint * NEW.prompt_tokens,
         turn_prompt_ttft = turn_prompt_ttft + NEW.prompt_tokens::bigint * NEW.ttft_ms,
         turn_ttft_sq = turn_ttft_sq + NEW.ttft_ms::bigint * NEW.ttft_ms
   WHERE id = NEW.run_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The rows written before these columns hold 0 there: recomputed now.
SELECT run_facts_rebuild();
