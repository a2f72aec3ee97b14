/**
 * The commands the Devices page offers after a token is created, for this dashboard's address
 * (the request's Host, already checked by the edge) with the new token filled in: a simulated
 * phone and the desktop device (docs/desktop-device.md). A value that is not plain is quoted for
 * a POSIX shell, so a pasted command means what it shows.
 */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `http://host:port` from a Host header: server/main.ts serves plain HTTP (TLS, if any, is a proxy's, which would set its own address). */
export function dashboardOrigin(host: string): string {
  return `http://${host}`;
}

export interface DeviceCommands {
  sim: string;
  device: string;
}

export function deviceCommands(origin: string, token: string): DeviceCommands {
  const url = shellWord(origin);
  const tok = shellWord(token);
  return {
    sim: `npm run sim -- --url ${url} --token ${tok} --devices 1 --until-idle`,
    device: `npm run device -- --url ${url} --token ${tok} --model-url http://127.0.0.1:8080/v1 --model gemma`,
  };
}
