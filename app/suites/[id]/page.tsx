import { notFound } from "next/navigation";
import { getContext } from "@/server/context";
import { resolveSuite } from "@/server/suites/catalog";
import { ServiceError } from "@/server/errors";
import { SuiteView } from "@/components/suite/SuiteView";

export const dynamic = "force-dynamic";

/** A suite by id, its newest version. */
export default async function SuitePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  let suite;
  try {
    suite = resolveSuite(getContext(), id);
  } catch (err) {
    if (err instanceof ServiceError && err.code === "not_found") notFound();
    throw err;
  }
  return <SuiteView suite={suite} />;
}
