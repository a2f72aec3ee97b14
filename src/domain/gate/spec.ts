import type { GateSide } from "./types";

/**
 * `SESSION[:CONFIG]` as the gate takes it (`ses_01J…:bash-plan`): a session id, optionally one
 * config of it. Null when the session part is empty or the text has characters an id cannot.
 */
export function parseSideSpec(text: string): GateSide | null {
  const t = text.trim();
  const i = t.indexOf(":");
  const session = i < 0 ? t : t.slice(0, i);
  const config = i < 0 ? undefined : t.slice(i + 1);
  const ok = (s: string) => /^[A-Za-z0-9_.-]{1,100}$/.test(s);
  if (!ok(session) || (config !== undefined && !ok(config))) return null;
  return config === undefined ? { session } : { session, config };
}

/** "ses_1:files", "ses_1". */
export const sideText = (s: GateSide) => (s.config ? `${s.session}:${s.config}` : s.session);
