-- Text search over runs (issue 34.8): the runs explorer's `q` matches a run's id, its trace's final
-- reply, end detail, each tool call's name and arguments (as JSON text) and the result of each
-- failed call. One FTS5 row per trace, written by a trigger on `traces`, so every path that adds a
-- run (ingest, import, the seed's bulk load) keeps it in step inside its own transaction; traces
-- are never updated or deleted.
--
-- Contentless (content=''): the text is derived from `traces.body` and never shown, so only the
-- index is kept, not a second copy of every trace (~22 KB each in the benchmark). The run id is
-- stored beside it (contentless_unindexed). Not external-content: that keys the index by the
-- content table's rowid, and `traces` (a text primary key) has no stable rowid: VACUUM may
-- renumber it. Tokens are runs of letters and digits (`categories 'L* N*'`, accents kept), the
-- same words PostgreSQL's runs_search_doc() keeps, so both engines find the same runs.
-- The text is capped at 100,000 characters, as on PostgreSQL (a tsvector holds at most 1 MB).
CREATE VIEW `runs_search_docs` AS
SELECT t.run_id,
       substr(t.run_id || ' ' || CASE WHEN json_valid(t.body) THEN
                coalesce(json_extract(t.body, '$.reply'), '') || ' ' ||
                coalesce(json_extract(t.body, '$.end.detail'), '') || ' ' ||
                coalesce((SELECT group_concat(coalesce(json_extract(c.value, '$.name'), '') || ' ' ||
                                              coalesce(json_extract(c.value, '$.args'), '') ||
                                              CASE WHEN json_extract(c.value, '$.ok') = 0
                                                   THEN ' ' || coalesce(json_extract(c.value, '$.result'), '') ELSE '' END, ' ')
                            FROM json_each(t.body, '$.turns') tu, json_each(tu.value, '$.toolCalls') c), '')
              ELSE '' END, 1, 100000) AS doc
  FROM traces t;
--> statement-breakpoint
CREATE VIRTUAL TABLE `runs_search` USING fts5(
  run_id UNINDEXED, doc, content='', contentless_unindexed=1,
  tokenize="unicode61 remove_diacritics 0 categories 'L* N*'"
);
--> statement-breakpoint
CREATE TRIGGER `runs_search_trace` AFTER INSERT ON `traces` BEGIN
  INSERT INTO runs_search (run_id, doc) SELECT run_id, doc FROM runs_search_docs WHERE run_id = NEW.run_id;
END;
--> statement-breakpoint
INSERT INTO runs_search (run_id, doc) SELECT run_id, doc FROM runs_search_docs;
