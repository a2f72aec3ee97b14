/**
 * What a shelf of simulated phones looks like (issue 20.6): each phone with its own charger habit,
 * starting battery and heat, so the fleet page shows phones in different states and the battery
 * figures get both unplugged stretches and charge changes.
 */

/** A phone that plugs in when its battery falls to `plugBelow` and unplugs once it reaches `unplugAbove`. */
export interface ChargerPlan {
  plugBelow: number;
  unplugAbove: number;
}

/** Applies a charger plan between jobs: returns whether the phone is on the charger from now on. */
export function nextCharging(plan: ChargerPlan | undefined, battery: number, charging: boolean): boolean {
  if (!plan) return charging;
  if (!charging && battery <= plan.plugBelow) return true;
  if (charging && battery >= plan.unplugAbove) return false;
  return charging;
}

export interface FleetPhone {
  charging: boolean;
  battery: number;
  heat: number;
  skipRest: boolean;
  charger?: ChargerPlan;
}

/**
 * `--fleet`: phone i (0-based) takes the i mod 4-th of these, so any shelf of ≥ 4 phones shows
 * them all: a rested phone on battery, one on the charger, one worked without rest (it heats and
 * throttles), and one low on battery that plugs in at 20 % and unplugs at 80 %.
 */
export const FLEET_MIX: readonly FleetPhone[] = [
  { charging: false, battery: 0.9, heat: 0.05, skipRest: false },
  { charging: true, battery: 0.45, heat: 0.1, skipRest: false },
  { charging: false, battery: 0.7, heat: 0.35, skipRest: true },
  { charging: false, battery: 0.22, heat: 0.05, skipRest: false, charger: { plugBelow: 0.2, unplugAbove: 0.8 } },
];

export const fleetPhone = (i: number): FleetPhone => FLEET_MIX[i % FLEET_MIX.length];
