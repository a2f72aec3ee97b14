import * as analytics from "./routes/analytics";
import * as budget from "./routes/budget";
import * as dashboard from "./routes/dashboard";
import * as device from "./routes/device";
import * as planning from "./routes/plan";
import type { ApiRoute } from "./route";

export * from "./route";
export * from "./errors";
export { queryValues, queryShape, sidesOf } from "./query";
export { analytics, budget, dashboard, device, planning };

/** Every route of the API, once: app/api's route files, plus the two `server/main.ts` answers. */
export const ROUTES: readonly ApiRoute[] = [
  ...Object.values(device),
  ...Object.values(dashboard),
  ...Object.values(analytics),
  ...Object.values(budget),
  ...Object.values(planning),
];
