import { startServer } from "./server";

/** Starts the dashboard every browser test shares, on a free port with a fresh database. */
export default async function globalSetup() {
  const server = await startServer();
  // Teardown runs in this same process: the environment carries what it must stop, so two
  // Playwright runs on one machine never stop each other's servers.
  process.env.E2E_BASE_URL = server.base;
  process.env.E2E_DIR = server.dir;
  process.env.E2E_SERVER_PID = String(server.child.pid);
}
