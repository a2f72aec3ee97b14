import { getContext } from "@/server/context";
import { json, route } from "@/server/http";
import { revokeDevice } from "@/server/devices/revokeDevice";

export const DELETE = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  json(revokeDevice(getContext(), (await params).id)),
);
