"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";
import type { ResponseBody } from "@/contracts";


const when = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 19) + " UTC" : "never");

export function DevicesPanel() {
  const qc = useQueryClient();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const devices = useQuery({ queryKey: ["devices"], queryFn: () => call(dashboard.listDevices), refetchInterval: 5000 });
  const create = useMutation({
    mutationFn: (n: string) => call(dashboard.createDevice, { json: { name: n } }),
    onSuccess: (r) => {
      setCreated({ name: r.device.name, token: r.token });
      setName("");
      qc.invalidateQueries({ queryKey: ["devices"] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call(dashboard.revokeDevice, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["devices"] }),
  });
  const origin = typeof window === "undefined" ? "" : window.location.origin;

  return (
    <>
      <div className="panel">
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) create.mutate(name.trim());
          }}
        >
          <input type="text" placeholder="Device name, e.g. iPhone 15 Pro (lab)" value={name} onChange={(e) => setName(e.target.value)} style={{ maxWidth: 360 }} data-testid="device-name" />
          <button className="btn primary" disabled={!name.trim() || create.isPending} data-testid="create-device">Create token</button>
        </form>
        {create.error && <div className="error">{(create.error as ApiError).message}</div>}
        {created && (
          <div className="notice" data-testid="new-token">
            <p style={{ marginTop: 0 }}>
              Token for <b>{created.name}</b>. Copy it now: it is not shown again. In the phone app, enter the dashboard address{" "}
              <code>{origin}</code> and this token.
            </p>
            <div className="token mono" data-testid="token-value">{created.token}</div>
          </div>
        )}
      </div>
      {devices.error && <div className="error">{(devices.error as ApiError).message}</div>}
      {devices.data && devices.data.devices.length === 0 && (
        <div className="panel empty" data-testid="devices-empty">
          <h2>No devices paired</h2>
          <p className="muted">Create a token above for each phone, or run the demo from the Sessions page to use simulated phones.</p>
        </div>
      )}
      {devices.data && devices.data.devices.length > 0 && (
        <table data-testid="devices-table">
          <thead><tr><th>Name</th><th>Id</th><th>Created</th><th>Last seen</th><th>Status</th><th /></tr></thead>
          <tbody>
            {devices.data.devices.map((d) => (
              <tr key={d.id}>
                <td>{d.name}</td>
                <td className="mono muted">{d.id}</td>
                <td className="muted">{when(d.createdAt)}</td>
                <td className="muted">{when(d.lastSeenAt)}</td>
                <td>{d.revoked ? <span className="pill fail">revoked</span> : <span className="pill pass">active</span>}</td>
                <td>
                  {!d.revoked && (
                    <button className="btn danger" onClick={() => { if (confirm(`Revoke ${d.name}? Its phone will be refused from now on.`)) revoke.mutate(d.id); }}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
