import { budget as contract } from "@/contracts";
import { budgetOverview } from "@/server/budget/budgetOverview";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";

export const GET = route(async (req: Request) => {
  const {
    model: _model,
    selected: _selected,
    ...body
  } = await budgetOverview(getContext(), readQuery(contract.overview, req));
  return reply(contract.overview, 200, body);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
