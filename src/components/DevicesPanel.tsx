"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";
import { FleetTable } from "./FleetTable";
import { CopyButton } from "./CopyButton";
import { deviceCommands } from "@/domain/fleet/deviceCommands";

const hours = (h: number | null) => (h === null ? "–" : h < 1 ? `${Math.round(h * 60)} min` : `${h.toFixed(1)} h`);

/** `origin` is this dashboard's address as the browser reached it (the request's Host), for the commands shown. */
export function DevicesPanel({ origin }: { origin: string }) {
  const qc = useQueryClient();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  // Live: every 2 s, so a phone going offline or a pause shows without reloading.
  const devices = useQuery({
    queryKey: ["devices"],
    queryFn: () => call(dashboard.listDevices),
    refetchInterval: 2000,
  });
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
  const pause = useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      call(paused ? dashboard.pauseDevice : dashboard.resumeDevice, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["devices"] }),
  });
  const eta = devices.data?.eta;
  const commands = created ? deviceCommands(origin, created.token) : null;

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
          <input
            type="text"
            placeholder="Device name, e.g. iPhone 15 Pro (lab)"
            value={name}
            onChange={(e) => setName(e.target.value)}
            style={{ maxWidth: 360 }}
            data-testid="device-name"
          />
          <button className="btn primary" disabled={!name.trim() || create.isPending} data-testid="create-device">
            Create token
          </button>
        </form>
        {create.error && (
          <div className="error" data-testid="create-device-error">
            The token was not created: {(create.error as ApiError).message}
          </div>
        )}
        {created && (
          <div className="notice" data-testid="new-token">
            <p style={{ marginTop: 0 }}>
              Token for <b>{created.name}</b>. Copy it now: it is not shown again. In the phone app, enter the dashboard
              address <code>{origin}</code> and this token.
            </p>
            <div className="row" style={{ gap: 8 }}>
              <div className="token mono" data-testid="token-value">
                {created.token}
              </div>
              <CopyButton text={created.token} testId="copy-token" label="Copy token" />
            </div>
            {commands && (
              <div data-testid="device-commands">
                <p>
                  Or run jobs from this computer (in the dashboard&apos;s folder): simulated phones, or the desktop
                  device against a local model server (docs/desktop-device.md; change <code>--model-url</code> and{" "}
                  <code>--model</code> to yours).
                </p>
                <CommandLine testId="sim-command" text={commands.sim} />
                <CommandLine testId="device-command" text={commands.device} />
              </div>
            )}
          </div>
        )}
      </div>
      {eta && (
        <div className="panel" data-testid="fleet-eta">
          <b>Queue:</b> {eta.jobs} jobs left, about {eta.phoneHours === null ? "–" : eta.phoneHours.toFixed(2)}{" "}
          phone-hours
          {eta.onlineDevices > 0 ? (
            <>
              {" "}
              · {hours(eta.hours)} with the {eta.onlineDevices} online phone{eta.onlineDevices === 1 ? "" : "s"}
            </>
          ) : (
            <> · no phone online and unpaused</>
          )}
          {eta.estimatedFromOtherConfigs > 0 && (
            <span className="muted">
              {" "}
              ({eta.estimatedFromOtherConfigs} jobs of configs not run yet, estimated from the others)
            </span>
          )}
          <span className="muted"> Each job is estimated at its config's median wall time; approximate.</span>
        </div>
      )}
      {pause.error && <div className="error">{(pause.error as ApiError).message}</div>}
      {devices.error && <div className="error">{(devices.error as ApiError).message}</div>}
      {devices.data && devices.data.devices.length === 0 && (
        <div className="panel empty" data-testid="devices-empty">
          <h2>No devices paired</h2>
          <p className="muted">
            Create a token above for each phone, or run the demo from the Sessions page to use simulated phones.
          </p>
        </div>
      )}
      {devices.data && devices.data.devices.length > 0 && (
        <FleetTable
          devices={devices.data.devices}
          onPause={(d, paused) => pause.mutate({ id: d.id, paused })}
          onRevoke={(d) => {
            if (confirm(`Revoke ${d.name}? Its phone will be refused from now on.`)) revoke.mutate(d.id);
          }}
        />
      )}
    </>
  );
}

function CommandLine({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="row" style={{ gap: 8, marginTop: 6, flexWrap: "nowrap" }}>
      <pre className="mono command" data-testid={testId}>
        {text}
      </pre>
      <CopyButton text={text} testId={`copy-${testId}`} />
    </div>
  );
}
