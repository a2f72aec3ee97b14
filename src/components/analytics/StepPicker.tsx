"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { integer } from "@/domain/stats/format";

interface Pair {
  sessionId: string;
  sessionName: string;
  configId: string;
  runs: number;
}

/**
 * Sets one ablation step to any (session, config) pair with runs, or removes it; `index` past the
 * last step adds one. Every step then goes into the address, in order, as `step=<session>:<config>`,
 * so the view is exactly what the researcher chose and can be linked.
 */
export function StepPicker({ index, steps, pairs }: { index: number; steps: string[]; pairs: Pair[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const adding = index >= steps.length;
  const go = (next: string[]) => {
    const p = new URLSearchParams(params.toString());
    p.delete("pick");
    p.delete("step");
    for (const s of next) p.append("step", s);
    router.push(`${pathname}?${p.toString()}`);
  };
  const set = (value: string) => {
    if (!value) return;
    const next = [...steps];
    if (adding) next.push(value);
    else next[index] = value;
    go(next.filter((s, i) => next.indexOf(s) === i));
  };
  const options = pairs.map((o) => (
    <option key={`${o.sessionId}:${o.configId}`} value={`${o.sessionId}:${o.configId}`}>
      {o.configId} · {o.sessionName} ({integer(o.runs)} runs)
    </option>
  ));
  if (adding)
    return (
      <p className="row" style={{ gap: 8, alignItems: "center" }}>
        <label htmlFor="step-add" style={{ margin: 0 }}>
          Add a step
        </label>
        <select id="step-add" value="" onChange={(e) => set(e.target.value)} data-testid="step-add">
          <option value="">a config in a session…</option>
          {options}
        </select>
      </p>
    );
  return (
    <span className="row" style={{ gap: 6, flexWrap: "nowrap" }}>
      <select
        value={steps[index]}
        onChange={(e) => set(e.target.value)}
        data-testid={`step-pick-${index + 1}`}
        aria-label={`step ${index + 1}: config and session`}
      >
        {options}
      </select>
      <button
        type="button"
        onClick={() => go(steps.filter((_, i) => i !== index))}
        data-testid={`step-remove-${index + 1}`}
        aria-label={`remove step ${index + 1}`}
        title="Remove this step"
      >
        ×
      </button>
    </span>
  );
}
