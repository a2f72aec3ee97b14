import { NotFound } from "@/components/NotFound";

export default function SessionNotFound() {
  return (
    <NotFound
      kind="session"
      why="The link may be from another dashboard (an imported session gets a new id), or the id was mistyped."
      back={[
        { href: "/", label: "← All sessions" },
        { href: "/sessions/new", label: "Queue a new session" },
      ]}
    />
  );
}
