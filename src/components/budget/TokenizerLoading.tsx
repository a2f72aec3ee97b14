"use client";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { tokenizerLoadingView, type TokenizerLoading as Loading } from "@/domain/budget/tokenizerLoading";

/** How often the page asks again while the tokenizer loads. */
const REFRESH_MS = 1_500;

/**
 * Shown instead of the budget while the Gemma tokenizer loads (issue 34.11): what is happening,
 * for how long, and when it should be done; the page re-renders itself until the counts are there.
 */
export function TokenizerLoading({ loading }: { loading: Loading }) {
  const router = useRouter();
  // The clock runs here between refreshes, so the seconds move while the server is asked again.
  const [since] = useState(() => Date.now());
  const [now, setNow] = useState(since);
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 500);
    const refresh = setInterval(() => router.refresh(), REFRESH_MS);
    return () => {
      clearInterval(tick);
      clearInterval(refresh);
    };
  }, [router]);
  const view = tokenizerLoadingView({ ...loading, loadingForMs: loading.loadingForMs + (now - since) });
  return (
    <div className="notice" role="status" aria-live="polite" data-testid="budget-tokenizer-loading">
      <p style={{ margin: 0 }}>{view.text}</p>
      {view.progress && (
        <progress
          value={view.progress.value}
          max={view.progress.max}
          style={{ width: "100%", maxWidth: 420 }}
          aria-label="Tokenizer load"
        />
      )}
      <p className="hint" style={{ margin: 0 }}>
        The page shows the budget by itself once it is loaded; the dashboard keeps answering phones meanwhile.
      </p>
    </div>
  );
}
