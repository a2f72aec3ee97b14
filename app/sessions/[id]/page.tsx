import { notFound } from "next/navigation";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { getSessionView } from "@/server/sessions/getSessionView";
import { SessionLive } from "@/components/SessionLive";

export const dynamic = "force-dynamic";

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  try {
    const initial = getSessionView(getContext(), id);
    return <SessionLive id={id} initial={initial} />;
  } catch (err) {
    if (err instanceof ServiceError && err.code === "not_found") notFound();
    throw err;
  }
}
