/** The ids of failed checks a summary names before "and N more": the line stays one line. */
export const CHECKS_NAMED = 4;

/**
 * The one-line verdict over a run's checks, above the folded table: "Failed 2 of 7 checks:
 * out_file_exists, reply_mentions_time", "Passed all 7 checks", "No checks recorded". Past
 * {@link CHECKS_NAMED} failures it names the first ones and counts the rest.
 */
export function checksSummary(checks: readonly { id: string; passed: boolean }[], named = CHECKS_NAMED): string {
  if (!checks.length) return "No checks recorded";
  const failed = checks.filter((c) => !c.passed).map((c) => c.id);
  const of = `${checks.length} check${checks.length === 1 ? "" : "s"}`;
  if (!failed.length) return checks.length === 1 ? "Passed its 1 check" : `Passed all ${of}`;
  const shown = failed.slice(0, named).join(", ");
  const more = failed.length > named ? ` and ${failed.length - named} more` : "";
  return `Failed ${failed.length} of ${of}: ${shown}${more}`;
}
