/**
 * The device side of protocol v1's transport, shared by the simulated phone and the desktop
 * device: one POST to `/api/device/v1/…` with the device token, its JSON answer, and an error
 * carrying the status and body for anything ≥ 400, so callers decide what to retry.
 */
export class HttpError extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(`HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

export interface ProtocolClient {
  post(path: string, body: unknown, signal?: AbortSignal): Promise<{ status: number; json: unknown }>;
}

export function protocolClient(url: string, token: string, doFetch: typeof fetch = fetch): ProtocolClient {
  const base = url.replace(/\/+$/, "") + "/api/device/v1";
  return {
    async post(path, body, signal) {
      const res = await doFetch(base + path, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
        signal,
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text; // a proxy's HTML error page, say: kept for the error message
      }
      if (res.status >= 400) throw new HttpError(res.status, json);
      return { status: res.status, json };
    },
  };
}
