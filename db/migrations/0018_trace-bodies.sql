-- Trace bodies stored compressed (issue 35.5, ADR 20): a body is the phone's JSON text (rows
-- written before this) or a deflated BLOB (db/traceCodec.mjs); trace_utf8(body), registered on
-- every connection the dashboard opens, gives its UTF-8 back, read as CAST(… AS TEXT). The search
-- index reads bodies through it (trace_utf8 keeps its last answer, so a body is inflated once per
-- row); its rows are unchanged (the text is the same), so nothing is re-indexed.
-- `trace_dicts` (the compression dictionaries) is created on open, like `facts_log`.
DROP VIEW `runs_search_docs`;
--> statement-breakpoint
CREATE VIEW `runs_search_docs` AS
SELECT t.run_id,
       substr(t.run_id || ' ' || CASE WHEN json_valid(CAST(trace_utf8(t.body) AS TEXT)) THEN
                coalesce(json_extract(CAST(trace_utf8(t.body) AS TEXT), '$.reply'), '') || ' ' ||
                coalesce(json_extract(CAST(trace_utf8(t.body) AS TEXT), '$.end.detail'), '') || ' ' ||
                coalesce((SELECT group_concat(coalesce(json_extract(c.value, '$.name'), '') || ' ' ||
                                              coalesce(json_extract(c.value, '$.args'), '') ||
                                              CASE WHEN json_extract(c.value, '$.ok') = 0
                                                   THEN ' ' || coalesce(json_extract(c.value, '$.result'), '') ELSE '' END, ' ')
                            FROM json_each(CAST(trace_utf8(t.body) AS TEXT), '$.turns') tu, json_each(tu.value, '$.toolCalls') c), '')
              ELSE '' END, 1, 100000) AS doc
  FROM traces t;
