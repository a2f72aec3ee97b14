"use client";
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { stepTurn } from "@/domain/trace";

/**
 * Keyboard only: j/k move the highlighted turn (aria-current on the server-rendered turn
 * sections), n/p open the next/previous repeat. The timeline itself stays server-rendered, so
 * a 200-turn trace ships no per-turn client state.
 */
export function TraceKeys({ previous, next }: { previous: string | null; next: string | null }) {
  const router = useRouter();
  useEffect(() => {
    let active = 0;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey) return;
      if (e.target instanceof HTMLElement && e.target.closest("input, textarea, select, [contenteditable]")) return;
      if (e.key === "j" || e.key === "k") {
        const turns = document.querySelectorAll<HTMLElement>("[data-turn]");
        active = stepTurn(active, e.key === "j" ? 1 : -1, turns.length);
        turns.forEach((t, i) =>
          i + 1 === active ? t.setAttribute("aria-current", "step") : t.removeAttribute("aria-current"),
        );
        // a turn folded into a run of identical turns opens its fold, so the highlight is never hidden
        const fold = turns[active - 1]?.closest("details.loop-fold");
        if (fold instanceof HTMLDetailsElement && !fold.open) fold.open = true;
        turns[active - 1]?.scrollIntoView({ block: "start" });
      } else if (e.key === "n" && next) router.push(`/runs/${next}`);
      else if (e.key === "p" && previous) router.push(`/runs/${previous}`);
    };
    window.addEventListener("keydown", onKey);
    // lets browser tests wait for hydration before pressing keys
    document.documentElement.dataset.traceKeys = "ready";
    return () => {
      window.removeEventListener("keydown", onKey);
      delete document.documentElement.dataset.traceKeys;
    };
  }, [previous, next, router]);
  return null;
}
