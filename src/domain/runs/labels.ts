import type { TaskGroup } from "../suite/schema";

/**
 * The words the runs explorer uses for stored codes, in its table and in its filters alike, so a
 * filter offers exactly what the table shows ("gave up", never `gave_up`).
 */
export function outcomeLabel(outcome: string): string {
  return outcome.replace(/_/g, " ");
}

export const GROUP_LABELS: Record<TaskGroup, string> = {
  no_files: "no files needed",
  files: "file task",
  multi_step: "multi-step file task",
};

export function groupLabel(group: string): string {
  return GROUP_LABELS[group as TaskGroup] ?? group.replace(/_/g, " ");
}

/**
 * A session's name as a table cell: at most `max` characters (an ellipsis at a word boundary
 * when it can), the full name and id going in the cell's title.
 */
export function shortName(name: string, max = 24): string {
  if (name.length <= max) return name;
  const cut = name.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,:;·-]+$/, "")}…`;
}

/** The runs explorer's page sizes (the API takes 10–500; these are the ones offered). */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
