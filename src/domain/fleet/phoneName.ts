/**
 * One name per phone (issue 34.2). A phone has two names: the one the researcher gave its token
 * when pairing it (`devices.name`: "Pixel 8 (lab A)"), and the `device.id` the phone itself
 * reports in its polls and traces ("sim-iphone15pro-1"). Pages lead with the token's name and put
 * the reported id beside it where they differ; an imported run (no token) shows the reported id.
 */

/** The separator between a token's name and the id its phone reported. */
export const PHONE_NAME_SEPARATOR = " · ";

/**
 * The label of a phone: `names` are the names of the tokens it came in on (one for a run or a
 * lease, several when tokens reported the same id), `reportedId` the `device.id` it reported (null
 * when unknown, as for a lease taken before it was kept).
 */
export function phoneLabel(names: string | null | readonly (string | null)[], reportedId: string | null): string {
  const list = [...new Set((Array.isArray(names) ? names : [names]).filter((n): n is string => !!n))].sort();
  const name = list.join(" / ");
  if (!name) return reportedId ?? "unknown phone";
  if (!reportedId || (list.length === 1 && list[0] === reportedId)) return name;
  return `${name}${PHONE_NAME_SEPARATOR}${reportedId}`;
}

/** The id of a token's row on the Devices page, so a notice can link to it (`/devices#device-<id>`). */
export function phoneAnchor(tokenId: string): string {
  return `device-${tokenId}`;
}

/** The address of a token's row on the Devices page. */
export function phoneHref(tokenId: string): string {
  return `/devices#${phoneAnchor(tokenId)}`;
}

/**
 * The notice for a selection holding runs whose trace named another phone than the poll that
 * leased the job (issue 34.2): null when there are none.
 */
export function deviceMismatchNotice(runs: number): string | null {
  if (runs <= 0) return null;
  const what = runs === 1 ? "1 run in this selection was" : `${runs} runs in this selection were`;
  return (
    `${what} submitted with a device id that differs from the one its phone reported when it took the job. ` +
    "Two phones may share a token: open the run to see both ids, and give each phone its own token on Devices."
  );
}
