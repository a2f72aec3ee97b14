import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import "./globals.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: "Harness Lab",
  description: "Evaluation dashboard for on-device agent harness ablations",
};

const NAV = [
  ["/", "Sessions"],
  ["/sessions/new", "New session"],
  ["/runs", "Runs"],
  ["/analytics", "Analytics"],
  ["/plan", "Plan"],
  ["/budget", "Budget"],
  ["/suite", "Suite"],
  ["/devices", "Devices"],
  ["/import", "Import"],
  ["/api-reference", "API"],
] as const;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="topbar">
          <Link prefetch={false} href="/" className="brand">
            Harness Lab
          </Link>
          <nav>
            {NAV.map(([href, label]) => (
              <Link prefetch={false} key={href} href={href}>
                {label}
              </Link>
            ))}
          </nav>
        </header>
        <Providers>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  );
}
