import { FILTER_FIELDS, type AnalyticsFilter, type FilterField, type OfferedList } from "./filterFields";

// The filter's words and choices as the forms and the methods paragraph use them, read from the
// field list. Zod-free like it: the browser's forms import this.

/**
 * The values the forms offer for the fields that take any text: what run_facts holds (filterOptions),
 * and how an option is worded where its value is not what a reader knows it by (a device id is
 * labelled with its token's name, issue 34.2; the value stays the id).
 */
export type OfferedValues = Record<OfferedList, string[]> & {
  labels?: Partial<Record<OfferedList, Record<string, string>>>;
};

const valueOf = (f: Partial<AnalyticsFilter>, field: FilterField): unknown => (f as Record<string, unknown>)[field.key];

/** The choices a form's select offers for a field, as [value, word]; "any" is the form's own. */
export function fieldChoices(field: FilterField, offered: Partial<OfferedValues>): [string, string][] {
  const values =
    field.kind === "boolean"
      ? ["true", "false"]
      : field.kind === "enum"
        ? field.options
        : field.offer
          ? (offered[field.offer as OfferedList] ?? [])
          : [];
  const offeredLabels = "offer" in field && field.offer ? offered.labels?.[field.offer as OfferedList] : undefined;
  return values.map((v) => [v, offeredLabels?.[v] ?? field.labels?.[v] ?? v]);
}

/** A field's value as a select holds it: "" for any. */
export function choiceOf(f: AnalyticsFilter, field: FilterField): string {
  const v = valueOf(f, field);
  return v === undefined ? "" : String(v);
}

/** The filter with one field set from a select's value ("" clears it). */
export function withChoice(f: AnalyticsFilter, field: FilterField, choice: string): AnalyticsFilter {
  const v = choice === "" ? undefined : field.kind === "boolean" ? choice === "true" : choice;
  return { ...f, [field.key]: v };
}

/** How the methods paragraph names each narrowing filter that is set ("build 3f2c1e9", "not charging"). */
export function filterPhrases(f: Partial<AnalyticsFilter>): string[] {
  const out: string[] = [];
  for (const field of FILTER_FIELDS) {
    if (!("said" in field)) continue;
    const v = valueOf(f, field);
    if (typeof field.said === "string") {
      if (v) out.push(`${field.said} ${String(v)}`);
    } else if (v !== undefined) out.push(v ? field.said[0] : field.said[1]);
  }
  return out;
}

/** The id a form gives a field's control: its key in kebab case after the form's prefix. */
export const controlId = (prefix: string, field: FilterField) =>
  `${prefix}${field.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
