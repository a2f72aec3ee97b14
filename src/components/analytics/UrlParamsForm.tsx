"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState, type ReactNode } from "react";

export interface Field {
  name: string;
  label: string;
  /** [value, label]; the value "" removes the parameter. */
  options: [string, string][];
  testId: string;
}

/**
 * A small form of selects whose values go into the address on submit, keeping every other
 * parameter (the shared filters), so a view stays linkable. Draws only.
 */
export function UrlParamsForm({
  fields,
  values,
  submitLabel,
  testId,
  children,
}: {
  fields: Field[];
  values: Record<string, string>;
  submitLabel: string;
  testId: string;
  children?: ReactNode;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [v, setV] = useState(values);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams(params.toString());
    for (const f of fields) v[f.name] ? next.set(f.name, v[f.name]) : next.delete(f.name);
    const qs = next.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname);
  };
  return (
    <form className="row url-form" onSubmit={submit} data-testid={testId}>
      {fields.map((f) => (
        <div key={f.name}>
          <label htmlFor={`${testId}-${f.name}`}>{f.label}</label>
          <select
            id={`${testId}-${f.name}`}
            data-testid={f.testId}
            value={v[f.name] ?? ""}
            onChange={(e) => setV({ ...v, [f.name]: e.target.value })}
          >
            {f.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {children}
      <button type="submit" className="btn primary" data-testid={`${testId}-submit`}>
        {submitLabel}
      </button>
    </form>
  );
}
