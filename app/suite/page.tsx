import { getContext } from "@/server/context";
import { defaultSuiteForPage } from "@/server/suites/catalog";
import { SuiteView } from "@/components/suite/SuiteView";
import { SuiteImportForm } from "@/components/suite/SuiteImportForm";
import { listSuites } from "@/server/suites/listSuites";

export const dynamic = "force-dynamic";

/** The default suite, read-only. */
export default function DefaultSuitePage() {
  const { suite, error } = defaultSuiteForPage(getContext());
  if (!suite) return <div className="error">{error}</div>;
  return (
    <>
      <SuiteView suite={suite} />
      <SuiteImportForm suites={listSuites(getContext())} />
    </>
  );
}
