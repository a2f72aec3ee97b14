"use client";
import { useState } from "react";

/**
 * "Download report": the server builds the study report of this selection (every analytics
 * page, its figures and the failing runs' traces) as a zip; a failure is shown as the server's
 * sentence instead of a broken download.
 */
export function ReportButton({ query }: { query: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      const res = await fetch(`/api/export/report.zip${query ? `?${query}` : ""}`);
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(
          body?.error?.message ??
            `The report could not be built (HTTP ${res.status}); try again, or run npm run report from a terminal.`,
        );
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = "harness-lab-report.zip";
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setState({ busy: false, error: null });
    } catch (e) {
      setState({ busy: false, error: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={download}
        disabled={state.busy}
        data-testid="download-report"
        title="Every figure and table of these pages, with the failing runs' traces, as a folder that opens from disk"
      >
        {state.busy ? "Building the report…" : "Download report"}
      </button>
      {state.error && (
        <span className="error" role="alert" data-testid="report-error">
          {" "}
          {state.error}
        </span>
      )}
    </>
  );
}
