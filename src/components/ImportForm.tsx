"use client";
import Link from "next/link";
import { useState } from "react";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";

/** Uploads a runs.json and shows the new session, or every problem with the file. */
export function ImportForm() {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState<{ id: string; name: string; runs: number }[] | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const text = await file.text();
      const { sessions } = await call(dashboard.importRuns, {
        text,
        query: name.trim() ? { name: name.trim() } : undefined,
      });
      setDone(sessions);
    } catch (err) {
      setError(
        err instanceof ApiError ? err : new ApiError(0, "unknown", "The file could not be imported; try again."),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel" onSubmit={submit} data-testid="import-form">
      <label htmlFor="file">runs.json</label>
      <input
        id="file"
        type="file"
        accept="application/json,.json"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        data-testid="import-file"
      />
      <label htmlFor="iname">
        Session name{" "}
        <span className="hint">
          optional; defaults to the source sessions' names (one new session per session in the file)
        </span>
      </label>
      <input id="iname" type="text" value={name} onChange={(e) => setName(e.target.value)} style={{ maxWidth: 420 }} />
      <div className="row" style={{ marginTop: 12 }}>
        <button className="btn primary" disabled={!file || busy} data-testid="import-submit">
          {busy ? "Importing…" : "Import"}
        </button>
      </div>
      {done && done.length === 1 && (
        <div className="notice" data-testid="import-done">
          Imported {done[0].runs} runs into a new session. <Link href={`/sessions/${done[0].id}`}>Open it</Link> or{" "}
          <Link href={`/analytics?session=${done[0].id}`}>see its analytics</Link>.
        </div>
      )}
      {done && done.length > 1 && (
        <div className="notice" data-testid="import-done">
          Imported {done.reduce((n, s) => n + s.runs, 0)} runs into {done.length} new sessions, one per session of the
          file:{" "}
          {done.map((s, i) => (
            <span key={s.id}>
              {i ? ", " : ""}
              <Link href={`/sessions/${s.id}`}>{s.name}</Link> ({s.runs} runs)
            </span>
          ))}
          .{" "}
          <Link href={`/analytics?${done.map((s) => `session=${s.id}`).join("&")}`}>See their analytics together</Link>.
        </div>
      )}
      {error && (
        <div className="error" data-testid="import-error">
          {error.message}
          {error.issues.length > 0 && (
            <ul>
              {error.issues.slice(0, 50).map((i, k) => (
                <li key={k}>
                  <code>{i.path}</code>: {i.message}
                </li>
              ))}
              {error.issues.length > 50 && <li>…and {error.issues.length - 50} more.</li>}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
