"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";

/**
 * Queues a demo session and starts three simulated phones on the server: the ablation demo, or
 * (`study="adaptive"`) a pre-registered files vs bash session with adaptive repeats that stops itself.
 */
export function DemoButton({ compact = false, study }: { compact?: boolean; study?: "adaptive" }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setBusy(true);
    setError(null);
    try {
      const { session } = await call(dashboard.demo, study ? { json: { study } } : {});
      router.push(`/sessions/${session.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The demo could not start; check the server log.");
      setBusy(false);
    }
  }
  return (
    <>
      <button
        className={compact ? "btn" : "btn primary"}
        onClick={start}
        disabled={busy}
        data-testid={study ? "adaptive-demo-button" : "demo-button"}
        title={
          study
            ? "files vs bash, pre-registered, 1–3 repeats, on simulated phones that fail half the tasks on bash: watch it decide and stop"
            : undefined
        }
      >
        {busy ? "Starting…" : study ? "Run an adaptive demo" : "Run a demo with simulated phones"}
      </button>
      {error && <div className="error">{error}</div>}
    </>
  );
}
