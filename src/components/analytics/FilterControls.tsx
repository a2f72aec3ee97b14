import type { AnalyticsFilter, FilterField } from "@/domain/analytics/filterFields";
import { choiceOf, controlId, fieldChoices, withChoice, type OfferedValues } from "@/domain/analytics/filterWords";

/**
 * One filter field as a labelled select, its words and choices from the field list; `any` names
 * the empty choice. Used inside the filter forms (client components).
 */
export function FieldSelect({
  field,
  filter,
  offered,
  prefix,
  label = field.label,
  any = "any",
  testId = false,
  onChange,
}: {
  field: FilterField;
  filter: AnalyticsFilter;
  offered: OfferedValues;
  /** The form's prefix of control ids (`f-`, `rf-`). */
  prefix: string;
  label?: string;
  any?: string;
  /** The control id doubles as its test id. */
  testId?: boolean;
  onChange: (next: AnalyticsFilter) => void;
}) {
  const id = controlId(prefix, field);
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={choiceOf(filter, field)}
        onChange={(e) => onChange(withChoice(filter, field, e.target.value))}
        data-testid={testId ? id : undefined}
      >
        <option value="">{any}</option>
        {fieldChoices(field, offered).map(([v, word]) => (
          <option key={v} value={v}>
            {word}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An opt-in flag (include trial runs, …) as a checkbox. */
export function FlagBox({
  label,
  checked,
  onChange,
  title,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  title?: string;
  testId?: string;
}) {
  return (
    <label className="inline" title={title}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />{" "}
      {label}
    </label>
  );
}
