import { planning as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { planStudy } from "@/server/analytics/plan";

export const GET = route(async (req: Request) => {
  const { filter, psi, delta, alpha, power, icc } = readQuery(contract.plan, req);
  return reply(contract.plan, 200, await planStudy(getContext(), filter, { psi, delta, alpha, power, icc }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
