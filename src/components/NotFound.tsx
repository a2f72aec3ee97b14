"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

/**
 * The not-found page of a session, run or suite, inside the app's layout: which id was not found
 * (the last part of the address), why that usually happens, and links back to where such things
 * are listed. Next.js gives not-found pages no params, so the id is read from the address.
 */
export function NotFound({ kind, why, back }: { kind: string; why: string; back: { href: string; label: string }[] }) {
  const path = usePathname() ?? "";
  const id = decodeURIComponent(path.split("/").filter(Boolean).pop() ?? "");
  return (
    <div className="panel empty" data-testid="not-found">
      <h1>No {kind} with this id</h1>
      <p>
        There is no {kind} <code data-testid="not-found-id">{id}</code> in this dashboard. {why}
      </p>
      <p className="row" style={{ gap: 12 }}>
        {back.map((b) => (
          <Link prefetch={false} key={b.href} className="btn" href={b.href} data-testid="not-found-back">
            {b.label}
          </Link>
        ))}
      </p>
    </div>
  );
}
