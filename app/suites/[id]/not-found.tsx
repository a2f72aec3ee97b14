import { NotFound } from "@/components/NotFound";

export default function SuiteNotFound() {
  return (
    <NotFound
      kind="suite"
      why="Suites are stored when imported on the Suite page or found in the repository at start-up; this one is neither."
      back={[{ href: "/suite", label: "← Suites" }]}
    />
  );
}
