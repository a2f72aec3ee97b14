import { ProtocolHttpError } from "./errors.ts";
import type { Sleep } from "./transport.ts";

export interface HeartbeatOptions {
  /** The turn the run is on, sent with each beat (optional in the protocol). */
  turn?: () => number | undefined;
  /** Called once when a beat gets `409 lease_lost`: the device must abandon the job. The timer has stopped. */
  onLeaseLost?: (error: ProtocolHttpError) => void;
  /** Any other failed beat (network, 5xx, …). The timer keeps going: the next beat is the retry. */
  onError?: (error: unknown) => void;
  /** Beat every this many ms instead of the lease's `heartbeatSeconds`. */
  everyMs?: number;
  /**
   * The wait between beats, instead of the client's `sleep`: a caller whose client sleep is
   * instant (tests skipping backoff) still needs beats in real time, or they would spin.
   */
  sleep?: Sleep;
}

export interface HeartbeatTimer {
  /** Stops beating and aborts a beat in flight. Call it before submitting the result. */
  stop(): void;
  /** Aborted when the lease is lost: hand it to the model run so it stops too. */
  readonly leaseLost: AbortSignal;
  readonly lost: boolean;
  /** Settles when the timer has stopped (by stop() or a lost lease). */
  readonly done: Promise<void>;
}

type Beat = (signal: AbortSignal, turn: number | undefined) => Promise<unknown>;

/**
 * Beats every `everyMs` until stopped. A lost lease (409) ends it and is reported once; other
 * failures are reported and the schedule goes on, since a lease outlives about three beats.
 */
export function startHeartbeatTimer(
  beat: Beat,
  everyMs: number,
  clientSleep: Sleep,
  opts: HeartbeatOptions = {},
): HeartbeatTimer {
  const sleep = opts.sleep ?? clientSleep;
  const stopped = new AbortController();
  const lostCtl = new AbortController();
  let lost = false;
  const done = (async () => {
    while (!stopped.signal.aborted) {
      try {
        await sleep(everyMs, stopped.signal);
      } catch {
        break;
      }
      if (stopped.signal.aborted) break;
      try {
        await beat(stopped.signal, opts.turn?.());
      } catch (e) {
        if (stopped.signal.aborted) break;
        if (e instanceof ProtocolHttpError && e.status === 409) {
          lost = true;
          stopped.abort();
          lostCtl.abort();
          opts.onLeaseLost?.(e);
          break;
        }
        opts.onError?.(e);
      }
    }
  })();
  return {
    stop: () => stopped.abort(),
    leaseLost: lostCtl.signal,
    get lost() {
      return lost;
    },
    done,
  };
}
