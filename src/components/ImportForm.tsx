"use client";
import Link from "next/link";
import { useState } from "react";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";
import { IMPORT_CANNOT_CARRY } from "@/domain/export/import";
import { notARunsJson, runsJsonPathLabel } from "@/domain/messages/importFile";
import { ErrorNotice } from "./ErrorNotice";

const WORDS = {
  thing: "the file",
  invalid:
    "The file was not imported: it is not a valid runs.json export. Fix the problems below (or export it again) and import it again; nothing was stored.",
  notJson: "This file is not JSON; import takes the runs.json export (Runs → Export → runs.json).",
};

/** Uploads a runs.json and shows the new session, or every problem with the file. */
export function ImportForm() {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [doc, setDoc] = useState<unknown>(null);
  const [done, setDone] = useState<{
    sessions: { id: string; name: string; runs: number }[];
    notCarried: string[];
    /** The file was imported before: nothing stored, `sessions` are that import's; the name typed, if any, not applied. */
    already: { name: string | null } | null;
  } | null>(null);

  /** A wrong file (a CSV, a suite, a zip) is named as soon as it is chosen, before anything is sent. */
  async function choose(f: File | null) {
    setFile(f);
    setDone(null);
    setError(null);
    if (!f) return;
    const wrong = notARunsJson(f.name, await f.slice(0, 4096).text());
    if (wrong) setError(new ApiError(0, "wrong_file", wrong));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    setDone(null);
    const text = await file.text();
    try {
      // Said here, in the user's terms, before a large upload is sent only to be refused.
      const wrong = notARunsJson(file.name, text.slice(0, 4096));
      if (wrong) throw new ApiError(0, "wrong_file", wrong);
      const { sessions, notCarried, alreadyImported } = await call(dashboard.importRuns, {
        text,
        query: name.trim() ? { name: name.trim() } : undefined,
      });
      setDone({ sessions, notCarried, already: alreadyImported ? { name: name.trim() || null } : null });
    } catch (err) {
      // Parsed again only to name the runs the problems are in (their ids), not on every import.
      if (err instanceof ApiError && err.issues.length) setDoc(safeJson(text));
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
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
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
        <button
          className="btn primary"
          disabled={!file || busy || error?.code === "wrong_file"}
          data-testid="import-submit"
        >
          {busy ? "Importing…" : "Import"}
        </button>
      </div>
      {done?.already && (
        <div className="notice" data-testid="import-already">
          This file was already imported, so nothing was stored again: its runs are in{" "}
          <SessionLinks sessions={done.sessions} />.
          {done.already.name &&
            ` The name “${done.already.name}” was not applied: the name is not part of the file, so these are the same runs.`}
        </div>
      )}
      {done && !done.already && done.sessions.length === 1 && (
        <div className="notice" data-testid="import-done">
          Imported {done.sessions[0].runs} runs into a new session.{" "}
          <Link prefetch={false} href={`/sessions/${done.sessions[0].id}`}>
            Open it
          </Link>{" "}
          or{" "}
          <Link prefetch={false} href={`/analytics?session=${done.sessions[0].id}`}>
            see its analytics
          </Link>
          .
          <NotCarried items={done.notCarried} />
        </div>
      )}
      {done && !done.already && done.sessions.length > 1 && (
        <div className="notice" data-testid="import-done">
          Imported {done.sessions.reduce((n, s) => n + s.runs, 0)} runs into {done.sessions.length} new sessions, one
          per session of the file: <SessionLinks sessions={done.sessions} />.{" "}
          <Link prefetch={false} href={`/analytics?${done.sessions.map((s) => `session=${s.id}`).join("&")}`}>
            See their analytics together
          </Link>
          .
          <NotCarried items={done.notCarried} />
        </div>
      )}
      {error && <ErrorNotice error={error} words={WORDS} label={runsJsonPathLabel(doc)} testId="import-error" />}
      {!done && (
        <div className="hint" data-testid="import-limits">
          <b>What a runs.json cannot carry</b>, so imported runs lack it:
          <ul>
            {IMPORT_CANNOT_CARRY.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function NotCarried({ items }: { items: string[] }) {
  return (
    <div data-testid="import-not-carried" style={{ marginTop: 6 }}>
      The imported runs keep every figure, check, timing, tool call and reply of the file; a runs.json cannot carry:
      <ul>
        {items.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </div>
  );
}

/** "night run (72 runs), day run (72 runs)": each session linked, with its runs. */
function SessionLinks({ sessions }: { sessions: { id: string; name: string; runs: number }[] }) {
  return sessions.map((s, i) => (
    <span key={s.id}>
      {i ? ", " : ""}
      <Link prefetch={false} href={`/sessions/${s.id}`}>
        {s.name}
      </Link>{" "}
      ({s.runs} runs)
    </span>
  ));
}
