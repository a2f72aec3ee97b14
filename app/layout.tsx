import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import "./globals.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: "Harness Lab",
  description: "Evaluation dashboard for on-device agent harness ablations",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="topbar">
          <Link href="/" className="brand">
            Harness Lab
          </Link>
          <nav>
            <Link href="/">Sessions</Link>
            <Link href="/sessions/new">New session</Link>
            <Link href="/runs">Runs</Link>
            <Link href="/analytics">Analytics</Link>
            <Link href="/plan">Plan</Link>
            <Link href="/budget">Budget</Link>
            <Link href="/suite">Suite</Link>
            <Link href="/devices">Devices</Link>
            <Link href="/import">Import</Link>
            <Link href="/api-reference">API</Link>
          </nav>
        </header>
        <Providers>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  );
}
