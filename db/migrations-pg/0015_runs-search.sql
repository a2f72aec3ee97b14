-- Text search over runs (issue 34.8), as db/migrations/0016_runs-search.sql on SQLite: a run's id,
-- its trace's final reply, end detail, each tool call's name and arguments (as JSON text) and the
-- result of each failed call, as a 'simple' tsvector (lower-cased words, no stemming, no stop
-- words) with a GIN index. Kept by a trigger on `traces` (every path that adds a run, inside its
-- own transaction; traces are never updated or deleted) and filled here for existing runs.
-- Everything but letters and digits becomes a space first, so the parser sees the same words as
-- SQLite's tokenizer (no file paths, hosts or versions read as one token) and both engines find
-- the same runs. Capped at 100,000 characters: a tsvector holds at most 1 MB.
CREATE TABLE "runs_search" (
  "run_id" text PRIMARY KEY NOT NULL REFERENCES "runs"("id"),
  "doc" tsvector NOT NULL
);
--> statement-breakpoint
CREATE INDEX "runs_search_doc_gin" ON "runs_search" USING gin ("doc");
--> statement-breakpoint
CREATE FUNCTION runs_search_doc(run_id text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT to_tsvector('simple', regexp_replace(left(concat_ws(' ', run_id, j ->> 'reply', j #>> '{end,detail}',
           (SELECT string_agg(concat_ws(' ', c.v ->> 'name', c.v ->> 'args',
                                        CASE WHEN c.v -> 'ok' = 'false'::jsonb THEN c.v ->> 'result' END), ' '
                              ORDER BY tu.n, c.n)
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(j -> 'turns') = 'array' THEN j -> 'turns' ELSE '[]' END)
                     WITH ORDINALITY tu(v, n),
                   jsonb_array_elements(CASE WHEN jsonb_typeof(tu.v -> 'toolCalls') = 'array' THEN tu.v -> 'toolCalls' ELSE '[]' END)
                     WITH ORDINALITY c(v, n))), 100000), '[^[:alnum:]]+', ' ', 'g'))
    FROM (SELECT body::jsonb AS j) b
$$;
--> statement-breakpoint
CREATE FUNCTION runs_search_trace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO runs_search (run_id, doc) VALUES (NEW.run_id, runs_search_doc(NEW.run_id, NEW.body));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER runs_search_trace AFTER INSERT ON traces FOR EACH ROW EXECUTE FUNCTION runs_search_trace();
--> statement-breakpoint
INSERT INTO runs_search (run_id, doc) SELECT run_id, runs_search_doc(run_id, body) FROM traces;
