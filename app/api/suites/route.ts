import { getContext } from "@/server/context";
import { json, route } from "@/server/http";
import { listSuites } from "@/server/suites/listSuites";

export const GET = route(() => json({ suites: listSuites(getContext()) }));
