import { operations, type FieldRow } from "@/contracts/reference";
import "./api-reference.css";

export const metadata = { title: "API reference · Harness Lab" };

const TAGS = [
  ["device", "Device protocol v1 (phones, bearer token)"],
  ["dashboard", "Dashboard"],
  ["analytics", "Analytics"],
  ["budget", "Latency budget"],
  ["auth", "Admin login (server/main.ts)"],
] as const;

function Fields({ rows, testId }: { rows: FieldRow[]; testId: string }) {
  return (
    <table className="compact" data-testid={testId}>
      <thead>
        <tr>
          <th>field</th>
          <th>type</th>
          <th>required</th>
          <th>about</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((f) => (
          <tr key={f.name}>
            <td>
              <code>{f.name}</code>
            </td>
            <td>{f.type}</td>
            <td>{f.required ? "yes" : ""}</td>
            <td>{f.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every operation of the API, read from src/contracts (the same source as /api/openapi.json). */
export default function ApiReferencePage() {
  const ops = operations();
  return (
    <>
      <h1>API reference</h1>
      <p className="sub">
        Generated from the contract every route handler parses with. Machine-readable:{" "}
        <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Every error has the body{" "}
        <code>{'{"error": {"code", "message", "issues"?}}'}</code>.
      </p>
      <nav className="panel api-toc" aria-label="Contents" data-testid="api-toc" id="contents">
        <h2 style={{ marginTop: 0 }}>Contents</h2>
        <div className="api-toc-groups">
          {TAGS.map(([tag, title]) => {
            const inTag = ops.filter((o) => o.tag === tag);
            return (
              <div key={tag} data-testid={`toc-${tag}`}>
                <a href={`#section-${tag}`}>
                  <b>{title}</b>
                </a>{" "}
                <span className="muted">
                  {inTag.length} operation{inTag.length === 1 ? "" : "s"}
                </span>
                <ul>
                  {inTag.map((o) => (
                    <li key={o.id}>
                      <a href={`#${o.id}`} data-testid={`toc-link-${o.id}`}>
                        <code>{o.method}</code> <code>{o.path}</code>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </nav>
      {TAGS.map(([tag, title]) => (
        <section key={tag} id={`section-${tag}`} aria-labelledby={`heading-${tag}`}>
          <h2 id={`heading-${tag}`}>
            {title}{" "}
            <a href="#contents" className="muted" style={{ fontSize: "0.8em", fontWeight: "normal" }}>
              back to contents
            </a>
          </h2>
          {ops
            .filter((o) => o.tag === tag)
            .map((o) => (
              <div className="panel" key={o.id} id={o.id} data-testid={`op-${o.id}`}>
                <h3>
                  <code data-testid="op-method">{o.method}</code> <code data-testid="op-path">{o.path}</code>
                </h3>
                <p>
                  {o.summary} <span className="muted">Access: {o.auth}.</span>
                </p>
                {o.params.length > 0 && (
                  <>
                    <h4>Parameters</h4>
                    <Fields rows={o.params} testId="op-params" />
                  </>
                )}
                {(o.body.length > 0 || o.bodyNote) && (
                  <>
                    <h4>Body (JSON)</h4>
                    {o.bodyNote && <p>{o.bodyNote}</p>}
                    {o.body.length > 0 && <Fields rows={o.body} testId="op-body" />}
                  </>
                )}
                {o.responses.map((r) => (
                  <div key={r.status} data-testid={`op-response-${r.status}`}>
                    <h4>
                      {r.status}{" "}
                      {r.contentType && r.contentType !== "application/json" ? <code>{r.contentType}</code> : null}
                    </h4>
                    <p>{r.description}</p>
                    {r.fields.length > 0 && <Fields rows={r.fields} testId="op-response-fields" />}
                  </div>
                ))}
                <p className="muted" data-testid="op-errors">
                  Errors:{" "}
                  {o.errors.map((e) => (
                    <code key={e}>{e} </code>
                  ))}
                </p>
              </div>
            ))}
        </section>
      ))}
    </>
  );
}
