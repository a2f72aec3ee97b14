import { notFound } from "next/navigation";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { getSession } from "@/server/sessions/getSession";
import { listSessionRuns } from "@/server/sessions/listSessionRuns";
import { SessionLive } from "@/components/SessionLive";
import { ThrottlingPanel } from "@/components/analytics/ThrottlingPanel";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { throttlingAnalytics } from "@/server/analytics/throttling";

export const dynamic = "force-dynamic";

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = getContext();
  try {
    const initial = { ...getSession(ctx, id), runs: listSessionRuns(ctx, id) };
    const hot = throttlingAnalytics(ctx, AnalyticsFilter.parse({ sessions: [id], includeTrial: true }));
    return (
      <>
        <SessionLive id={id} initial={initial} />
        <ThrottlingPanel devices={hot.devices} />
      </>
    );
  } catch (err) {
    if (err instanceof ServiceError && err.code === "not_found") notFound();
    throw err;
  }
}
