"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/** Chooses a step's main config; the choice goes into the address as `pick=<session>:<config>`. */
export function StepPicker({
  sessionId,
  configId,
  options,
}: {
  sessionId: string;
  configId: string;
  options: { configId: string; runs: number }[];
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const choose = (next: string) => {
    const p = new URLSearchParams(params.toString());
    const others = p.getAll("pick").filter((v) => !v.startsWith(`${sessionId}:`));
    p.delete("pick");
    for (const v of others) p.append("pick", v);
    p.append("pick", `${sessionId}:${next}`);
    router.push(`${pathname}?${p.toString()}`);
  };
  return (
    <select
      value={configId}
      onChange={(e) => choose(e.target.value)}
      data-testid={`step-pick-${sessionId}`}
      aria-label="main config of this step"
    >
      {options.map((o) => (
        <option key={o.configId} value={o.configId}>
          {o.configId} ({o.runs} runs)
        </option>
      ))}
    </select>
  );
}
