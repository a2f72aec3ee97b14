export { runDevice, DEFAULT_BUILD, type RunDeviceOptions, type JobSummary, type DeviceReport } from "./device";
export { runJob, type RunJobOptions, type SimRun } from "./run";
export { PROFILES, type Profile, profileWeights, chooseProfile } from "./model/profiles";
export type { SimCall, SimSolution } from "./model/solution";
export { SIM_SOLUTIONS } from "./solutions";
export { LATENCY, startupTokens, newPhoneState, type PhoneState } from "./latency";
export { Workspace, runTool } from "@/harness/tools";
export { FLEET_MIX, fleetPhone, nextCharging, type ChargerPlan, type FleetPhone } from "./fleet";
