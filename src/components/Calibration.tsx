import { CALIBRATION_REPEATS } from "@/domain/sessions/calibration";

/**
 * The New session form's A/A calibration box: one config run twice (arms by repeat parity) to
 * measure the phone's noise. The form narrows the configs and repeats while it is ticked.
 */
export function CalibrationOption({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div data-testid="calibration-option">
      <label className="inline">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          data-testid="calibration"
        />
        A/A calibration: run one config twice to measure this phone&apos;s noise
      </label>
      <div className="hint" data-testid="calibration-hint">
        {checked
          ? `Exactly one config and an even number of repeats (${CALIBRATION_REPEATS} by default): arm 1 runs the odd repeats, arm 2 the even ones; analytics skip it by default.`
          : "The same config in two arms (odd and even repeats): how far apart they land is this phone's noise."}
      </div>
    </div>
  );
}

/** The Sessions list's and the session page's mark of an A/A calibration session. */
export function CalibrationBadge() {
  return (
    <span
      className="pill"
      data-testid="calibration-badge"
      title="One config run twice (arm 1 the odd repeats, arm 2 the even ones) to measure this phone's noise; analytics do not show it by default."
    >
      A/A calibration
    </span>
  );
}
