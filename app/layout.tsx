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
          <Link prefetch={false} href="/" className="brand">
            Harness Lab
          </Link>
          <nav>
            <Link prefetch={false} href="/">
              Sessions
            </Link>
            <Link prefetch={false} href="/sessions/new">
              New session
            </Link>
            <Link prefetch={false} href="/runs">
              Runs
            </Link>
            <Link prefetch={false} href="/analytics">
              Analytics
            </Link>
            <Link prefetch={false} href="/plan">
              Plan
            </Link>
            <Link prefetch={false} href="/budget">
              Budget
            </Link>
            <Link prefetch={false} href="/suite">
              Suite
            </Link>
            <Link prefetch={false} href="/devices">
              Devices
            </Link>
            <Link prefetch={false} href="/import">
              Import
            </Link>
            <Link prefetch={false} href="/api-reference">
              API
            </Link>
          </nav>
        </header>
        <Providers>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  );
}
