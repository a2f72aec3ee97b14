"use client";
import Link from "next/link";
import { useState } from "react";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";
import { Ticks } from "./Ticks";
import { ErrorNotice } from "../ErrorNotice";
import { suitePathLabel } from "@/domain/messages/suitePath";

const WORDS = {
  thing: "the suite file",
  invalid: "The suite was not stored: fix the problems below and import it again.",
  notJson:
    "This file is not JSON; a suite is a JSON document (protocol.md §2). Check it with a JSON linter and import it again.",
};

/** A message that already names its task or config by id needs no place in front of it. */
const placed = (issues: { path: string; message: string }[]) =>
  issues.map((i) => (/^(task|config|suite) `/.test(i.message) ? { ...i, path: "" } : i));

/** Imports a suite document: validated, fixtures run, refused with every problem listed. */
export function SuiteImportForm({ suites }: { suites: { id: string; version: number; default: boolean }[] }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState<{ id: string; version: number; tasks: number; configs: number } | null>(null);
  const [warnings, setWarnings] = useState<{ path: string; message: string }[]>([]);
  const [doc, setDoc] = useState<unknown>(null);

  async function upload(file: File) {
    setBusy(true);
    setError(null);
    setDone(null);
    setWarnings([]);
    const text = await file.text();
    try {
      const { suite, warnings } = await call(dashboard.importSuite, { text });
      setDone(suite);
      setWarnings(warnings ?? []);
    } catch (err) {
      setDoc(safeJson(text));
      setError(
        err instanceof ApiError
          ? new ApiError(err.status, err.code, err.message, placed(err.issues))
          : new ApiError(0, "unknown", "The suite could not be imported; try again."),
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
            <Link prefetch={false} href={`/suites/${s.id}`}>
              {s.id}
            </Link>{" "}
            v{s.version}
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
          Stored{" "}
          <Link prefetch={false} href={`/suites/${done.id}`}>
            {done.id}
          </Link>{" "}
          v{done.version}: {done.tasks} tasks, {done.configs} configs, every fixture judged as expected.{" "}
          <Link
            prefetch={false}
            href={`/sessions/new?suite=${encodeURIComponent(done.id)}`}
            className="btn"
            data-testid="suite-import-new-session"
          >
            New session with this suite
          </Link>
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
        <ErrorNotice
          error={error}
          words={WORDS}
          label={suitePathLabel(doc)}
          testId="suite-import-error"
          render={(t) => <Ticks text={t} />}
        />
      )}
    </div>
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
