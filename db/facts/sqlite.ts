import { FACTS_LOG, RUN_FACTS, RULES, TURN_FACTS, type Action, type Rule } from "./definition";
import { SQLITE as d } from "./dialect";
import { fingerprint } from "./plan";
import { columnList, copySession, runFactsSelect, turnFactsSelect, turnsSum } from "./select";

/** The facts definition (db/facts/definition.ts) rendered for SQLite: each rule is one trigger. */
export const RUN_FACTS_COLUMNS = columnList(RUN_FACTS);
export const TURN_FACTS_COLUMNS = columnList(TURN_FACTS);

/** One run's row: the turns' sums of that run only (not a GROUP BY over all turns). */
const oneRun = (run: string) => runFactsSelect(d, { scoreWhere: `sc.run_id = ${run}`, turnsWhere: `run_id = ${run}` });

const sets = (assignments: string[]) => assignments.join(",\n              ");

// INSERT OR REPLACE: a replaced row fires no delete trigger (recursive_triggers is off), so a run's
// turn_facts rows are replaced along with it rather than removed first.
function action(a: Action): string {
  switch (a.do) {
    case "writeRun": {
      const select = a.if ? `SELECT * FROM (${oneRun(a.run)}) WHERE ${d.cond(a.if)}` : oneRun(a.run);
      return `INSERT OR REPLACE INTO run_facts (${RUN_FACTS_COLUMNS}) ${select}`;
    }
    case "deleteRun":
      return `DELETE FROM run_facts WHERE id = ${a.run}${a.if ? ` AND ${d.cond(a.if)}` : ""}`;
    case "addTurn":
      return `UPDATE run_facts SET ${sets(
        RUN_FACTS.flatMap((c) =>
          c.source.kind === "turns" ? [`${c.name} = ${c.name} + ${turnsSum(d, c.source.factors, "NEW")}`] : [],
        ),
      )}
        WHERE id = NEW.run_id`;
    case "setTrace":
      return `UPDATE run_facts SET ${sets(
        RUN_FACTS.flatMap((c) =>
          c.source.kind === "trace"
            ? [`${c.name} = ${d.jsonNumberOnly(d.traceText("NEW.body"), c.source.path, "")}`]
            : [],
        ),
      )}
        WHERE id = NEW.run_id`;
    case "copySession":
      return copySession(a.column)
        .map(([table, set]) => `UPDATE ${table} SET ${set} WHERE session_id = NEW.id`)
        .join(";\n       ");
    case "writeTurnsOfRun":
      return `INSERT OR REPLACE INTO turn_facts (${TURN_FACTS_COLUMNS}) ${turnFactsSelect("run_facts", "f.id = NEW.id")}`;
    case "deleteTurnsOfRun":
      return "DELETE FROM turn_facts WHERE run_id = OLD.id";
    case "writeTurn":
      return `INSERT OR REPLACE INTO turn_facts (${TURN_FACTS_COLUMNS}) ${turnFactsSelect(
        "run_facts",
        "f.id = NEW.run_id AND t.idx = NEW.idx",
      )}`;
    case "log":
      return `INSERT INTO facts_log (run_id) VALUES (${a.run})`;
    case "prune":
      return `DELETE FROM facts_log WHERE seq <= NEW.seq - ${FACTS_LOG.keep}`;
  }
}

const trigger = (r: Rule) =>
  `AFTER ${r.event} ON ${r.on}${r.when ? ` WHEN ${d.cond(r.when)}` : ""} BEGIN
       ${r.actions.map(action).join(";\n       ")};
     END`;

/** Each rule as `CREATE TRIGGER <name> <this>`. */
export const SQLITE_TRIGGERS: { name: string; sql: string; log: boolean }[] = RULES.map((r) => ({
  name: r.name,
  sql: trigger(r),
  log: !!r.log,
}));

/** What an install records (db/facts/plan.ts). */
export const SQLITE_FINGERPRINT = fingerprint(SQLITE_TRIGGERS.map((t) => `CREATE TRIGGER ${t.name} ${t.sql}`));
