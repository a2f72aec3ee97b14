// One colour per config across every latency chart, so a config reads the same in each. The
// study's seven configs get fixed colours; others take the fallback palette by position.
const KNOWN: Record<string, string> = {
  bare: "#62666d",
  files: "#2f5bd3",
  "files-plan": "#a3245e",
  "files-plan-examples": "#d08a1f",
  bash: "#1d7a46",
  "bash-plan": "#24628a",
  "bash-plan-examples": "#6a3fb5",
};
const FALLBACK = ["#b3261e", "#0f766e", "#7c5e10", "#3b3f99", "#8a3b12", "#4d7c0f"];

export function configColor(configId: string, index: number): string {
  return KNOWN[configId] ?? FALLBACK[index % FALLBACK.length];
}
