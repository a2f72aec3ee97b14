import Link from "next/link";
import { getContext } from "@/server/context";
import { defaultSuiteForPage } from "@/server/suites/catalog";
import { NewSessionForm } from "@/components/NewSessionForm";

export const dynamic = "force-dynamic";

export default async function NewSessionPage() {
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
      <NewSessionForm suiteId={suite.id} tasks={tasks} configs={configs} />
    </>
  );
}
