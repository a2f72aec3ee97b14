"use client";
import { useState } from "react";
import { createRecordCounter } from "@/domain/export/progress";
import { integer, percent } from "@/domain/stats/format";

type Format = "csv" | "json";

/**
 * Downloads runs.csv / runs.json for the current filters, reading the stream as it arrives so a
 * large export shows how far it has got.
 */
export function ExportButtons({ query, total }: { query: string; total: number }) {
  const [state, setState] = useState<{ format: Format; done: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(format: Format) {
    setError(null);
    setState({ format, done: 0 });
    try {
      const res = await fetch(`/api/export/runs.${format}${query ? `?${query}` : ""}`);
      if (!res.ok || !res.body) throw new Error(`the server answered ${res.status}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const counter = createRecordCounter(format);
      const parts: BlobPart[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        setState({ format, done: counter.add(decoder.decode(value, { stream: true })) });
      }
      const url = URL.createObjectURL(new Blob(parts, { type: format === "csv" ? "text/csv" : "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = `runs.${format}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState(null);
    } catch (e) {
      setError(`The export stopped: ${(e as Error).message}. Try again.`);
      setState(null);
    }
  }

  return (
    <span className="muted" data-testid="export-buttons">
      Download these runs:{" "}
      <button className="btn" onClick={() => download("csv")} disabled={!!state} data-testid="runs-download-csv">
        runs.csv
      </button>{" "}
      <button className="btn" onClick={() => download("json")} disabled={!!state} data-testid="runs-download-json">
        runs.json
      </button>
      {state && (
        <span data-testid="export-progress">
          {" "}
          Exporting {integer(Math.min(state.done, total))} of {integer(total)} runs (
          {percent(total ? Math.min(1, state.done / total) : 1)})
        </span>
      )}
      {error && <span className="error">{error}</span>}
    </span>
  );
}
