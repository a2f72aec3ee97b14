import { getContext } from "@/server/context";
import { resolveSuite } from "@/server/suites/catalog";
import { ServiceError } from "@/server/errors";
import { SuiteView } from "@/components/suite/SuiteView";
import { SuiteImportForm } from "@/components/suite/SuiteImportForm";
import { listSuites } from "@/server/suites/listSuites";

export const dynamic = "force-dynamic";

/** The default suite, read-only. */
export default function DefaultSuitePage() {
  let suite;
  try {
    suite = resolveSuite(getContext());
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    return <div className="error">{err.message}</div>;
  }
  return (
    <>
      <SuiteView suite={suite} />
      <SuiteImportForm suites={listSuites(getContext())} />
    </>
  );
}
