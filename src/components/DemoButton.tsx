"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";

/** Queues a demo session and starts three simulated phones on the server. */
export function DemoButton({ compact = false }: { compact?: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setBusy(true);
    setError(null);
    try {
      const { session } = await call(dashboard.demo);
      router.push(`/sessions/${session.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The demo could not start; check the server log.");
      setBusy(false);
    }
  }
  return (
    <>
      <button className={compact ? "btn" : "btn primary"} onClick={start} disabled={busy} data-testid="demo-button">
        {busy ? "Starting…" : "Run a demo with simulated phones"}
      </button>
      {error && <div className="error">{error}</div>}
    </>
  );
}
