// Types for progress.mjs (plain JavaScript, run by `npm start` before anything is installed), for the tests.
export const MEASURED: { installWarm: number; installCold: number; sqliteCompile: number; build: number };
export const TICK_SECONDS: number;
export interface Machine {
  platform: string;
  arch: string;
  libc?: string;
}
export function formatDuration(seconds: number): string;
export function remaining(elapsed: number, typical: number): string;
export function fitsMachine(entry: { os?: string[]; cpu?: string[]; libc?: string[] }, machine: Machine): boolean;
export function installPlan(
  lock: { packages: Record<string, unknown> },
  machine: Machine,
): { path: string; integrity?: string; installScript: boolean }[];
export function cachePath(integrity: string): string;
export function installStartLine(o: { packages: number; cached: number }): string;
export function typicalInstall(o: { packages: number; cached: number }): number;
export function installProgressLine(o: {
  elapsed: number;
  present: number;
  before: number;
  packages: number;
  typical: number;
  compiling: boolean;
}): string;
export function buildPhase(line: string): string | undefined;
export function buildStartLine(): string;
export function isRouteTableLine(line: string): boolean;
export function buildDoneLine(o: { routes: number; seconds: number }): string;
export function buildProgressLine(o: { elapsed: number; phase?: string }): string;
export function serverStartLine(): string;
export function startTimes(o: { install?: number; build?: number; server: number }): string;
