import { describe, expect, it } from "vitest";
import { pgStartError, pgTarget } from "@/domain/store/pgStartError";

describe("pgTarget", () => {
  it("reads host, port, database and user from a URL, and a socket folder from ?host=", () => {
    expect(pgTarget("postgres://lab:secret@db.lab:6543/harness")).toEqual({
      host: "db.lab",
      port: "6543",
      database: "harness",
      user: "lab",
    });
    expect(pgTarget("postgresql:///harness?host=/var/run/postgresql")).toMatchObject({
      host: "/var/run/postgresql",
      port: "5432",
      database: "harness",
    });
  });
});

describe("pgStartError", () => {
  const url = "postgres://lab:s3cr3t-pw@db.lab:6543/harness";

  it("says which database is missing and how to create it", () => {
    const m = pgStartError({ code: "3D000", message: 'database "harness" does not exist' }, url);
    expect(m).toContain('PostgreSQL at db.lab:6543 has no database "harness"');
    expect(m).toContain("createdb -h db.lab -p 6543 harness");
  });

  it("names the refused user and points at DATABASE_URL, never repeating the password", () => {
    for (const code of ["28P01", "28000"]) {
      const m = pgStartError({ code, message: 'password authentication failed for user "lab"' }, url);
      expect(m).toContain('refused user "lab"');
      expect(m).toContain("DATABASE_URL");
      expect(m).not.toContain("s3cr3t-pw");
    }
  });

  it("says to start the server when nothing answers", () => {
    const m = pgStartError({ code: "ECONNREFUSED", message: "connect ECONNREFUSED 10.0.0.2:6543" }, url);
    expect(m).toBe(
      "Nothing answers as PostgreSQL at db.lab:6543 (ECONNREFUSED): start PostgreSQL there, or correct the host and port in DATABASE_URL.",
    );
  });

  it("explains a missing privilege to create tables", () => {
    expect(pgStartError({ code: "42501", message: "permission denied for schema public" }, url)).toContain(
      'GRANT CREATE ON SCHEMA public TO "lab"',
    );
  });

  it("keeps the driver's words for anything else, without the password", () => {
    const m = pgStartError({ code: "XX000", message: "internal error" }, url);
    expect(m).toContain("(XX000): internal error.");
    expect(m).not.toContain("s3cr3t-pw");
  });
});
