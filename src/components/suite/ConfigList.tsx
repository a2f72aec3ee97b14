import { Fragment } from "react";
import type { Config } from "@/domain/suite/schema";
import s from "./suite.module.css";

const n = (x: number) => x.toLocaleString("en-GB");

function ComponentPills({ c }: { c: Config["components"] }) {
  return (
    <span className={s.pills}>
      <span className="pill">actions: {c.actions}</span>
      <span className="pill">planning: {c.planning ? "yes" : "no"}</span>
      <span className="pill">examples: {c.examples ? "yes" : "no"}</span>
      <span className="pill">context: {c.context}</span>
    </span>
  );
}

/** The harness configs: what each switches on, how long its start-up prompt is, and its tools. */
export function ConfigList({ configs }: { configs: Config[] }) {
  return (
    <table className={s.tight} data-testid="configs-table">
      <thead>
        <tr>
          <th>Config</th>
          <th>Components</th>
          <th className="num">Start-up prompt</th>
          <th>Tools</th>
          <th>Limits</th>
        </tr>
      </thead>
      <tbody>
        {configs.map((c) => {
          const toolChars = c.tools.reduce((sum, t) => sum + JSON.stringify(t).length, 0);
          return (
            <Fragment key={c.id}>
              <tr data-testid={`config-${c.id}`}>
                <td>
                  <span className="mono">
                    <b>{c.id}</b>
                  </span>{" "}
                  <span className="hint">v{c.version}</span>
                  <div className={s.label}>{c.label}</div>
                </td>
                <td>
                  <ComponentPills c={c.components} />
                </td>
                <td className={`num ${s.nowrap}`}>
                  {n(c.systemPrompt.length + toolChars)} chars
                  <div className="hint">
                    prompt {n(c.systemPrompt.length)} + tools {n(toolChars)}
                  </div>
                </td>
                <td className={s.wrap}>
                  {c.tools.length === 0 ? (
                    <span className="muted">none</span>
                  ) : (
                    <span className="mono">{c.tools.map((t) => t.name).join(", ")}</span>
                  )}
                </td>
                <td className={`hint ${s.nowrap}`}>
                  {n(c.contextWindow)}-token window
                  <br />
                  temperature {c.temperature}
                  <br />
                  at most {c.maxToolCalls} calls
                </td>
              </tr>
              <tr className={s.configPrompt}>
                <td colSpan={5}>
                  <details>
                    <summary>System prompt of {c.id}</summary>
                    <pre className={s.pre}>{c.systemPrompt}</pre>
                  </details>
                </td>
              </tr>
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
