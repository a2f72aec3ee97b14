import { DevicesPanel } from "@/components/DevicesPanel";

export default function DevicesPage() {
  return (
    <>
      <h1>Devices</h1>
      <p className="sub">
        Each phone polls this dashboard with its own token. A token is shown once when you create it; revoke it to cut a phone off.
      </p>
      <DevicesPanel />
    </>
  );
}
