import Link from "next/link";
import { getContext } from "@/server/context";
import { defaultSuiteForPage } from "@/server/suites/defaultSuiteForPage";
import { NewSessionForm } from "@/components/NewSessionForm";
import { newSessionPrefill } from "@/domain/forms/newSession";

export const dynamic = "force-dynamic";

/** `?calibration=1&config=<id>` opens the form as an A/A calibration of that config (a link from other pages). */
export default async function NewSessionPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { suite, error } = await defaultSuiteForPage(getContext());
  if (!suite) return <div className="error">{error}</div>;
  const tasks = suite.tasks.map((t) => ({
    id: t.id,
    group: t.group,
    heldOut: !!t.heldOut,
    title: t.title ?? null,
    prompt: t.prompt,
  }));
  const configs = suite.configs.map((c) => ({ id: c.id, label: c.label }));
  const prefill = newSessionPrefill(
    await searchParams,
    configs.map((c) => c.id),
  );
  return (
    <>
      <h1>New session</h1>
      <p className="sub">
        Suite <b>{suite.name ?? suite.id}</b> v{suite.version}: {tasks.length} tasks, {configs.length} harness configs.{" "}
        <Link prefetch={false} href="/devices">
          Pair a phone
        </Link>{" "}
        first if none is polling yet.
      </p>
      {prefill.unknownConfig !== null && (
        <p className="notice" data-testid="prefill-unknown-config">
          Suite {suite.id} v{suite.version} has no config “{prefill.unknownConfig}”: pick one below.
        </p>
      )}
      <NewSessionForm suiteId={suite.id} tasks={tasks} configs={configs} initial={prefill} />
    </>
  );
}
