import Link from "next/link";
import { getContext } from "@/server/context";
import { suiteForNewSession } from "@/server/suites/suiteForNewSession";
import { NewSessionForm } from "@/components/NewSessionForm";
import { formSuite, newSessionPrefill, prefillSuiteId } from "@/domain/forms/newSession";

export const dynamic = "force-dynamic";

/**
 * `?calibration=1&config=<id>` opens the form as an A/A calibration of that config;
 * `?suite=<id>&seed=<n>&configs=a,b&tasks=…` opens it as a rerun of a session (links from other pages).
 */
export default async function NewSessionPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const wanted = prefillSuiteId(params);
  const { suite, suites, missing, error } = await suiteForNewSession(getContext(), wanted);
  if (!suite) return <div className="error">{error}</div>;
  const shown = formSuite(suite);
  const prefill = newSessionPrefill(missing ? {} : params, {
    version: shown.version,
    configs: shown.configs.map((c) => c.id),
    tasks: shown.tasks.map((t) => t.id),
  });
  return (
    <>
      <h1>New session</h1>
      <p className="sub">
        Pick a suite, the harness configs and the tasks; every task × config × repeat is one job a phone leases.{" "}
        <Link prefetch={false} href="/devices">
          Pair a phone
        </Link>{" "}
        first if none is polling yet.
      </p>
      {missing && (
        <p className="notice" data-testid="prefill-unknown-suite">
          No suite “{wanted}” is stored, so the form opens with the default suite. Import it on the{" "}
          <Link prefetch={false} href="/suite">
            Suite page
          </Link>{" "}
          first to queue it.
        </p>
      )}
      {prefill.unknownConfigs.length > 0 && (
        <p className="notice" data-testid="prefill-unknown-config">
          Suite {shown.id} v{shown.version} has no config {prefill.unknownConfigs.map((c) => `“${c}”`).join(", ")}: pick
          from those below.
        </p>
      )}
      {prefill.unknownTasks.length > 0 && (
        <p className="notice" data-testid="prefill-unknown-task">
          Suite {shown.id} v{shown.version} no longer has task{prefill.unknownTasks.length === 1 ? "" : "s"}{" "}
          {prefill.unknownTasks.map((t) => `“${t}”`).join(", ")}; the others are ticked below.
        </p>
      )}
      {prefill.olderVersion !== null && (
        <p className="notice" data-testid="prefill-older-version">
          That session ran {shown.id} v{prefill.olderVersion}; a new session runs the newest version, v{shown.version},
          so tasks that changed since are scored against their new checks.
        </p>
      )}
      <NewSessionForm suites={suites} suite={shown} initial={prefill} />
    </>
  );
}
