import { z } from "zod";

/**
 * A query schema: `wire` is each parameter as it arrives (text, or a list of texts when
 * repeatable), `values` what the route needs from it (coerced, defaulted, checked). The 400 for
 * a bad value names the parameter, with the message its `values` schema gives.
 */
export const params = <W extends z.ZodRawShape, V extends z.ZodRawShape>(wire: W, values: V) =>
  z
    .object(wire)
    // The wire values are handed on as they are; typed `unknown` because `values` decides what they may be.
    .transform((w): unknown => w)
    .pipe(z.object(values));

export const text = (description: string) => z.string().optional().meta({ description });

/** Errors any JSON body can cause before the route's own checks. */
export const BODY_ERRORS = ["invalid_json", "invalid_request", "unsupported_media_type", "payload_too_large"] as const;
