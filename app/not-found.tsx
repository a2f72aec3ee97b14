import Link from "next/link";

/** Any other address: in the app's layout, with the way back. */
export default function PageNotFound() {
  return (
    <div className="panel empty" data-testid="not-found">
      <h1>No page at this address</h1>
      <p>The address may be mistyped or from an older version of the dashboard.</p>
      <p className="row" style={{ gap: 12 }}>
        <Link prefetch={false} className="btn" href="/" data-testid="not-found-back">
          ← Sessions
        </Link>
        <Link prefetch={false} className="btn" href="/runs">
          Runs
        </Link>
      </p>
    </div>
  );
}
