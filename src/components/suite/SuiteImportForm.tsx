"use client";
import Link from "next/link";
import { useState } from "react";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";
import { Ticks } from "./Ticks";

/** Imports a suite document: validated, fixtures run, refused with every problem listed. */
export function SuiteImportForm({ suites }: { suites: { id: string; version: number; default: boolean }[] }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState<{ id: string; version: number; tasks: number; configs: number } | null>(null);
  const [warnings, setWarnings] = useState<{ path: string; message: string }[]>([]);

  async function upload(file: File) {
    setBusy(true);
    setError(null);
    setDone(null);
    setWarnings([]);
    try {
      const { suite, warnings } = await call(dashboard.importSuite, { text: await file.text() });
      setDone(suite);
      setWarnings(warnings ?? []);
    } catch (err) {
      setError(
        err instanceof ApiError ? err : new ApiError(0, "unknown", "The suite could not be imported; try again."),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="panel" data-testid="suite-import">
      <h2 style={{ marginTop: 0 }}>Suites</h2>
      <p className="muted">
        Stored:{" "}
        {suites.map((s, i) => (
          <span key={s.id}>
            {i > 0 && ", "}
            <Link href={`/suites/${s.id}`}>{s.id}</Link> v{s.version}
            {s.default ? " (default)" : ""}
          </span>
        ))}
        . Import a suite JSON (protocol.md §2): it is validated and its fixtures are run; a changed task needs a new
        version.
      </p>
      <input
        type="file"
        accept="application/json,.json"
        disabled={busy}
        onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
        data-testid="suite-file"
      />
      {busy && <span className="muted"> Checking…</span>}
      {done && (
        <div className="notice" data-testid="suite-import-done">
          Stored <Link href={`/suites/${done.id}`}>{done.id}</Link> v{done.version}: {done.tasks} tasks, {done.configs}{" "}
          configs, every fixture judged as expected.
          {warnings.length > 0 && (
            <div data-testid="suite-import-warnings">
              <span className="pill warn">
                {warnings.length} warning{warnings.length === 1 ? "" : "s"}
              </span>{" "}
              <span className="hint">Stored anyway: these are not checked by the fixtures.</span>
              <ul>
                {warnings.slice(0, 50).map((w) => (
                  <li key={w.path}>
                    <Ticks text={w.message} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {error && (
        <div className="error" data-testid="suite-import-error">
          {error.message}
          {error.issues.length > 0 && (
            <ul>
              {error.issues.slice(0, 50).map((i, k) => (
                <li key={k}>
                  <Ticks text={i.message} /> <span className="hint mono">{i.path}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
