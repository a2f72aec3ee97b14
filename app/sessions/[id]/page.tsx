import { notFound } from "next/navigation";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { getSession } from "@/server/sessions/getSession";
import { listSessionRuns } from "@/server/sessions/listSessionRuns";
import { SessionLive } from "@/components/SessionLive";

export const dynamic = "force-dynamic";

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = getContext();
  try {
    const initial = { ...getSession(ctx, id), runs: listSessionRuns(ctx, id) };
    return <SessionLive id={id} initial={initial} />;
  } catch (err) {
    if (err instanceof ServiceError && err.code === "not_found") notFound();
    throw err;
  }
}
