import { NotFound } from "@/components/NotFound";

export default function RunNotFound() {
  return (
    <NotFound
      kind="run"
      why="The link may be from another dashboard (an import keeps a run's id only where it is free), or the id was mistyped."
      back={[
        { href: "/runs", label: "← All runs" },
        { href: "/", label: "Sessions" },
      ]}
    />
  );
}
