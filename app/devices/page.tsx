import { headers } from "next/headers";
import { DevicesPanel } from "@/components/DevicesPanel";
import { dashboardOrigin } from "@/domain/fleet/deviceCommands";

export const dynamic = "force-dynamic";

export default async function DevicesPage() {
  // The Host the browser used: the edge has refused any name this dashboard does not answer to.
  const host = (await headers()).get("host") ?? "127.0.0.1:3000";
  return (
    <>
      <h1>Devices: the fleet</h1>
      <p className="sub">
        Each phone polls this dashboard with its own token. A token is shown once when you create it; revoke it to cut a
        phone off. Pause a phone to stop it leasing jobs (its token stays); pin a session to phones on the New session
        form so a comparison stays on one phone. The table updates by itself.
      </p>
      <DevicesPanel origin={dashboardOrigin(host)} />
    </>
  );
}
