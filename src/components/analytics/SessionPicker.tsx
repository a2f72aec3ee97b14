"use client";
import { useState } from "react";
import {
  MAX_SESSIONS,
  emptyPickerText,
  matchSessions,
  pickerHint,
  type PickerSession,
} from "@/domain/analytics/sessionPicker";

/**
 * The sessions of a selection: a search over names and ids, the ticked ones first, a scrolling
 * list that stays usable with hundreds of sessions, and named ids that no session has shown as
 * unknown (with a way to drop them) rather than counted as selected.
 */
export function SessionPicker({
  options,
  selected,
  shownByDefault,
  unknown,
  pooled,
  onChange,
}: {
  options: PickerSession[];
  /** Ids named in the address (unknown ones included). */
  selected: string[];
  /** The session shown when none is named (ticked, as it is what the figures read). */
  shownByDefault: string | null;
  unknown: string[];
  pooled: boolean;
  onChange: (ids: string[]) => void;
}) {
  const [query, setQuery] = useState("");
  const ticked = new Set(selected.length ? selected : shownByDefault && !pooled ? [shownByDefault] : []);
  const { rows, total, matched } = matchSessions(options, query, ticked);
  const toggle = (id: string) => {
    const base = [...ticked];
    onChange(base.includes(id) ? base.filter((s) => s !== id) : [...base, id]);
  };
  const selectShown = () => onChange([...new Set([...selected, ...rows.map((r) => r.id)])].slice(0, MAX_SESSIONS));

  return (
    <div data-testid="session-picker">
      <label htmlFor="f-session-search">
        Sessions{" "}
        <span className="hint" data-testid="session-hint">
          {pickerHint({
            known: selected.filter((s) => !unknown.includes(s)).length,
            unknown: unknown.length,
            defaultName: options.find((o) => o.id === shownByDefault)?.name ?? null,
            pooled,
          })}
        </span>
      </label>
      <div className="row session-tools">
        <input
          id="f-session-search"
          type="search"
          placeholder="Search sessions by name or id"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="session-search"
        />
        <span className="muted" data-testid="session-count">
          {query ? `${matched} of ${options.length} match` : `${options.length} sessions`}
        </span>
        {query && matched > 0 && (
          <button type="button" onClick={selectShown} data-testid="session-select-shown">
            Tick the {Math.min(rows.length, MAX_SESSIONS)} shown
          </button>
        )}
        {selected.length > 0 && (
          <button type="button" onClick={() => onChange([])} data-testid="session-clear">
            Back to the newest session
          </button>
        )}
      </div>
      {unknown.length > 0 && (
        <p className="session-unknown" data-testid="session-unknown">
          Unknown:{" "}
          {unknown.map((id) => (
            <button
              type="button"
              key={id}
              className="pill warn"
              title="No session has this id here; click to remove it from the selection"
              onClick={() => onChange(selected.filter((s) => s !== id))}
              data-testid={`session-unknown-${id}`}
            >
              {id} ×
            </button>
          ))}
        </p>
      )}
      <div className="session-picks" data-testid="session-list">
        {rows.map((s) => (
          <label key={s.id} className="inline" title={s.id}>
            <input
              type="checkbox"
              checked={ticked.has(s.id)}
              onChange={() => toggle(s.id)}
              data-testid={`filter-session-${s.id}`}
            />
            {s.name} {s.trial && <span className="pill warn">trial</span>}{" "}
            {s.cancelled && (
              <span className="pill" data-testid="session-pick-cancelled">
                cancelled
              </span>
            )}
          </label>
        ))}
        {total > rows.length && (
          <span className="muted" data-testid="session-more">
            {total - rows.length} more: type to narrow the list.
          </span>
        )}
        {!rows.length && (
          <span className="muted" data-testid="session-empty">
            {emptyPickerText(query, options.length)}
          </span>
        )}
      </div>
    </div>
  );
}
