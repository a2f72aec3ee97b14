import { notFound } from "next/navigation";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { parseTaskPageRequest } from "@/domain/suite/page";
import { SuiteView } from "@/components/suite/SuiteView";
import { fixtureResults } from "@/server/suites/fixtureResults";

export const dynamic = "force-dynamic";

/** A suite by id, its newest version; `?q=` finds tasks, `?page=` pages through them. */
export default async function SuitePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const request = parseTaskPageRequest(await searchParams);
  let suite;
  try {
    suite = await getContext().store.sessions.resolveSuite(id);
  } catch (err) {
    if (err instanceof ServiceError && err.code === "not_found") notFound();
    throw err;
  }
  return <SuiteView suite={suite} request={request} results={fixtureResults(suite)} />;
}
