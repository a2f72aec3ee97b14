import { getContext } from "@/server/context";
import { defaultSuiteForPage } from "@/server/suites/defaultSuiteForPage";
import { parseTaskPageRequest } from "@/domain/suite/page";
import { SuiteView } from "@/components/suite/SuiteView";
import { fixtureResults } from "@/server/suites/fixtureResults";
import { SuiteImportForm } from "@/components/suite/SuiteImportForm";
import { listSuitesAsync } from "@/server/suites/listSuites";

export const dynamic = "force-dynamic";

/** The default suite, read-only; `?q=` finds tasks, `?page=` pages through them. */
export default async function DefaultSuitePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const request = parseTaskPageRequest(await searchParams);
  const { suite, error } = await defaultSuiteForPage(getContext());
  if (!suite) return <div className="error">{error}</div>;
  return (
    <>
      <SuiteView suite={suite} request={request} results={fixtureResults(suite)} />
      <SuiteImportForm suites={await listSuitesAsync(getContext())} />
    </>
  );
}
