import { FACTS_LOG, RUN_FACTS, RULES, TURN_FACTS, type Action, type FactColumn, type Rule } from "./definition";
import { POSTGRES as d } from "./dialect";
import { fingerprint } from "./plan";
import { columnList, copySession, runFactsSelect, turnFactsSelect, turnsSum } from "./select";

/**
 * The facts definition (db/facts/definition.ts) rendered for PostgreSQL: each rule one trigger and
 * its function (named alike), and the functions the rest of the code calls: `run_facts_write(run)`
 * (the triggers' one-run recomputation), `run_facts_computed()` and `turn_facts_computed()` (the
 * full recomputation, which tests compare with), `run_facts_rebuild()` (`npm run rebuild-summaries`).
 */

/** A table's columns as the database has them: name and type, in the table's order. */
export type Shape = { name: string; type: string }[];

export interface PgFunction {
  /** The name with its arguments, e.g. `run_facts_write(p_run text)`. */
  signature: string;
  returns: string;
  language: "sql" | "plpgsql";
  volatility: "" | " STABLE" | " IMMUTABLE";
  /** The text between the dollar quotes (pg_proc.prosrc). */
  body: string;
}

export interface PgTrigger {
  name: string;
  on: string;
  sql: string;
}

export interface PgRendering {
  functions: PgFunction[];
  triggers: PgTrigger[];
  /** The fingerprint of the above (db/facts/plan.ts). */
  hash: string;
}

export const functionName = (f: PgFunction) => f.signature.slice(0, f.signature.indexOf("("));
export const createFunction = (f: PgFunction) =>
  `CREATE OR REPLACE FUNCTION ${f.signature} RETURNS ${f.returns} LANGUAGE ${f.language}${f.volatility} AS $$${f.body}$$`;

/** The function that records a rendering's fingerprint (db/facts/plan.ts), installed last. */
export const fingerprintFunction = (hash: string): PgFunction => ({
  signature: "facts_definition()",
  returns: "text",
  language: "sql",
  volatility: " IMMUTABLE",
  body: `SELECT '${hash}'`,
});

/**
 * `run_facts` and `turn_facts` as the database has them. PostgreSQL's SQL functions return
 * `SETOF run_facts`, whose columns are the table's in the table's order (a column a migration adds
 * comes last, wherever the definition lists it): the recomputation follows that order, and every
 * column needs a definition, or the install stops here with the names.
 */
function ordered<T extends { name: string }>(table: string, defined: T[], shape: Shape): T[] {
  const missing = shape.filter((c) => !defined.some((x) => x.name === c.name)).map((c) => c.name);
  const extra = defined.filter((x) => !shape.some((c) => c.name === x.name)).map((x) => x.name);
  if (missing.length || extra.length)
    throw new Error(
      `${table} and the facts definition (db/facts/definition.ts) disagree: ` +
        [missing.length && `no definition for ${missing.join(", ")}`, extra.length && `no column ${extra.join(", ")}`]
          .filter(Boolean)
          .join("; ") +
        ". Add the column to both the schema (and its migration) and the definition.",
    );
  return shape.map((c) => defined.find((x) => x.name === c.name)!);
}

export function renderPg(shapes: { run_facts: Shape; turn_facts: Shape }): PgRendering {
  const runCols: FactColumn[] = ordered("run_facts", RUN_FACTS, shapes.run_facts);
  const turnCols = ordered("turn_facts", TURN_FACTS, shapes.turn_facts);
  const typeOf = (name: string) => shapes.run_facts.find((c) => c.name === name)!.type;
  const runList = columnList(runCols);
  const turnList = columnList(turnCols);
  const select = (scoreWhere: string, turnsWhere: string) =>
    runFactsSelect(d, { scoreWhere, turnsWhere, columns: runCols, typeOf });
  const insertTurns = (where: string) =>
    `INSERT INTO turn_facts (${turnList}) ${turnFactsSelect("run_facts", where, turnCols)};`;

  const action = (a: Action): string => {
    switch (a.do) {
      case "writeRun":
        return guarded(a.if, `PERFORM run_facts_write(${a.run});`);
      case "deleteRun":
        return guarded(a.if, `DELETE FROM run_facts WHERE id = ${a.run};`);
      case "addTurn":
        return `UPDATE run_facts SET ${runCols
          .flatMap((c) =>
            c.source.kind === "turns" ? [`${c.name} = ${c.name} + ${turnsSum(d, c.source.factors, "NEW")}`] : [],
          )
          .join(",\n         ")}
   WHERE id = NEW.run_id;`;
      case "setTrace":
        return `UPDATE run_facts SET ${runCols
          .flatMap((c) =>
            c.source.kind === "trace"
              ? [`${c.name} = ${d.jsonNumberOnly(d.traceText("NEW.body"), c.source.path, typeOf(c.name))}`]
              : [],
          )
          .join(",\n         ")}
   WHERE id = NEW.run_id;`;
      case "copySession":
        return copySession(a.column)
          .map(([table, set]) => `UPDATE ${table} SET ${set} WHERE session_id = NEW.id;`)
          .join("\n  ");
      // Plain INSERTs: run_facts_write deletes a run's row before it inserts it, and that delete
      // takes the run's turn_facts rows with it.
      case "writeTurnsOfRun":
        return insertTurns("f.id = NEW.id");
      case "deleteTurnsOfRun":
        return "DELETE FROM turn_facts WHERE run_id = OLD.id;";
      case "writeTurn":
        return insertTurns("f.id = NEW.run_id AND t.idx = NEW.idx");
      case "log":
        return `INSERT INTO facts_log (run_id) VALUES (${a.run});`;
      case "prune":
        // Several processes write: a copy's position is a snapshot, so the newest transaction id
        // dropped and the count of prunes are noted for the copies (ADR 12, migrations 0010, 0011).
        return `WITH gone AS (DELETE FROM facts_log WHERE seq <= NEW.seq - ${FACTS_LOG.keep} RETURNING xid)
    SELECT max(gone.xid) INTO dropped FROM gone;
  IF dropped IS NOT NULL THEN
    UPDATE facts_log_pruned SET xid = greatest(xid, dropped), prunes = prunes + 1;
  END IF;`;
    }
  };

  const triggerFunction = (r: Rule): PgFunction => ({
    signature: `${r.name}()`,
    returns: "trigger",
    language: "plpgsql",
    volatility: "",
    body: `
${r.actions.some((a) => a.do === "prune") ? "DECLARE dropped xid8;\n" : ""}BEGIN
${r.log ? `  IF current_setting('${FACTS_LOG.offSetting}', true) = 'on' THEN RETURN NULL; END IF;\n` : ""}  ${r.actions
      .map(action)
      .join("\n  ")}
  RETURN NULL;
END
`,
  });

  const functions: PgFunction[] = [
    {
      signature: "run_facts_computed()",
      returns: "SETOF run_facts",
      language: "sql",
      volatility: " STABLE",
      body: `\n${select(d.all, d.all)}\n`,
    },
    {
      signature: "turn_facts_computed()",
      returns: "SETOF turn_facts",
      language: "sql",
      volatility: " STABLE",
      body: `\n${turnFactsSelect("run_facts_computed()", d.all, turnCols)}\n`,
    },
    {
      signature: "run_facts_write(p_run text)",
      returns: "void",
      language: "plpgsql",
      volatility: "",
      body: `
BEGIN
  DELETE FROM run_facts WHERE id = p_run;
  INSERT INTO run_facts (${runList})
  ${select("sc.run_id = p_run", "run_id = p_run")};
END
`,
    },
    // EXCLUSIVE lets readers read the old rows meanwhile but holds writers (whose triggers would
    // insert rows the rebuild is about to insert) until it commits. The log rules are held back by
    // a transaction-local setting, and one reset entry is written instead.
    {
      signature: "run_facts_rebuild()",
      returns: "integer",
      language: "plpgsql",
      volatility: "",
      body: `
DECLARE n integer;
BEGIN
  LOCK TABLE run_facts, turn_facts IN EXCLUSIVE MODE;
  PERFORM set_config('${FACTS_LOG.offSetting}', 'on', true);
  DELETE FROM turn_facts;
  DELETE FROM run_facts;
  INSERT INTO run_facts SELECT * FROM run_facts_computed();
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('${FACTS_LOG.offSetting}', 'off', true);
  INSERT INTO facts_log (run_id) VALUES ('${FACTS_LOG.reset}');
  RETURN n;
END
`,
    },
    ...RULES.map(triggerFunction),
  ];
  const triggers = RULES.map((r) => ({
    name: r.name,
    on: r.on,
    sql: `CREATE TRIGGER ${r.name} AFTER ${r.event} ON ${r.on} FOR EACH ROW${
      r.when ? ` WHEN (${d.cond(r.when)})` : ""
    } EXECUTE FUNCTION ${r.name}()`,
  }));
  return {
    functions,
    triggers,
    hash: fingerprint([...functions.map(createFunction), ...triggers.map((t) => t.sql)]),
  };
}

/** An action that runs only when `cond` holds: an IF in PL/pgSQL, where SQLite narrows the statement. */
function guarded(cond: Parameters<typeof d.cond>[0] | undefined, statement: string): string {
  return cond ? `IF ${d.cond(cond)} THEN\n    ${statement}\n  END IF;` : statement;
}
