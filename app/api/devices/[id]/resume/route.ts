import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { resumeDevice } from "@/server/devices/resumeDevice";

export const POST = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  json(resumeDevice(getContext(), (await params).id)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
