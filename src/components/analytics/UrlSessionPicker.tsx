"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { PickerSession } from "@/domain/analytics/sessionPicker";
import { SessionPicker } from "./SessionPicker";

/**
 * The session picker for a page whose other parameters are not the analytics filter (the latency
 * budget): it rewrites only `session` in the address and keeps the rest.
 */
export function UrlSessionPicker(props: {
  options: PickerSession[];
  selected: string[];
  shownByDefault: string | null;
  unknown: string[];
  pooled: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const onChange = (ids: string[]) => {
    const p = new URLSearchParams(params.toString());
    p.delete("session");
    for (const id of ids) p.append("session", id);
    const qs = p.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname);
  };
  return (
    <div className="panel filters" data-testid="budget-sessions">
      <SessionPicker {...props} onChange={onChange} />
    </div>
  );
}
