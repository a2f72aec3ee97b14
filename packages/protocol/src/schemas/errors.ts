import { z } from "zod";

/** The one error body every route answers with (protocol.md, preamble). */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
export type ValidationIssue = { path: string; message: string };

/** Turns zod issues into the `issues` list of a 400: dotted paths, one entry per problem. */
export function toValidationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((i) => ({
    path: i.path.length ? i.path.map(String).join(".") : "(body)",
    message: i.message,
  }));
}
