import { notFound } from "next/navigation";
import "./session-live.css";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { getSessionView } from "@/server/sessions/getSessionView";
import { SessionLive } from "@/components/SessionLive";
import { ThrottlingPanel } from "@/components/analytics/ThrottlingPanel";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { throttlingAnalytics } from "@/server/analytics/throttling";
import { configUniverse } from "@/server/analytics/configUniverse";

export const dynamic = "force-dynamic";

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  try {
    const ctx = getContext();
    const initial = await getSessionView(ctx, id);
    // Whether a phone slowed down during this session (heat): said under the live view.
    const hot = await throttlingAnalytics(ctx, AnalyticsFilter.parse({ sessions: [id], includeTrial: true }));
    return (
      <>
        <SessionLive id={id} initial={initial} colorOrder={await configUniverse(ctx)} />
        <ThrottlingPanel devices={hot.devices} />
      </>
    );
  } catch (err) {
    if (err instanceof ServiceError && err.code === "not_found") notFound();
    throw err;
  }
}
