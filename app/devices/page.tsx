import { DevicesPanel } from "@/components/DevicesPanel";

export default function DevicesPage() {
  return (
    <>
      <h1>Devices: the fleet</h1>
      <p className="sub">
        Each phone polls this dashboard with its own token. A token is shown once when you create it; revoke it to cut a
        phone off. Pause a phone to stop it leasing jobs (its token stays); pin a session to phones on the New session
        form so a comparison stays on one phone. The table updates by itself.
      </p>
      <DevicesPanel />
    </>
  );
}
