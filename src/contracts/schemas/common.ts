import { z } from "zod";

// Small builders so the response schemas read like the bodies they describe.
export const int = () => z.number().int();
export const num = () => z.number();
export const str = () => z.string();
export const bool = () => z.boolean();
export const iso = () => z.string().meta({ description: "ISO 8601 time" });
/** A Wilson 95% interval `[low, high]`. */
export const interval = () => z.tuple([z.number(), z.number()]).meta({ description: "[low, high]" });
/** A Wilson 95% interval, null without runs. */
export const wilson = () => interval().nullable();
export const ref = () => z.object({ id: str(), version: int() });
