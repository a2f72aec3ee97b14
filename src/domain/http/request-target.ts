/**
 * A request line's target (RFC 9112 §3.2). Browsers and the phones send origin-form (`/path?q`);
 * absolute-form (`http://host/path`) is what clients send to a proxy. Next.js answered an
 * absolute-form target with a 308 to the host it names (issue 32), so server/main.ts reads the
 * form first: an authority this dashboard does not answer to is refused, its own is dropped.
 */
export type RequestTarget =
  | { form: "origin"; path: string }
  | { form: "absolute"; scheme: string; authority: string; path: string }
  | { form: "other" };

const ABSOLUTE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^#]*)$/;

export function parseRequestTarget(target: string): RequestTarget {
  if (target.startsWith("/")) return { form: "origin", path: target };
  const m = ABSOLUTE.exec(target);
  if (!m) return { form: "other" };
  const rest = m[3];
  return {
    form: "absolute",
    scheme: m[1].toLowerCase(),
    authority: m[2],
    path: rest.startsWith("/") ? rest : `/${rest}`,
  };
}
