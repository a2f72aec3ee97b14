import { EXPORT_COLUMNS, type Cell, type ExportRow } from "./columns";

/**
 * Leading characters a spreadsheet would read as a formula (or that hide one). Spreadsheets trim
 * leading blanks before reading a cell, so `=`, `+`, `-` or `@` after spaces, tabs, CR or LF counts too.
 */
const FORMULA_START = /^(?:[\t\r]|[ \t\r\n]*[=+\-@])/;

/**
 * One CSV cell (RFC 4180): booleans as true/false, null as an empty cell, numbers as JavaScript
 * prints them; a text cell starting with =, +, -, @, a tab or a carriage return, or with =, +, -
 * or @ after leading spaces, tabs, CRs or LFs, gets a leading `'` against formula injection (OWASP "CSV injection"); a cell containing a comma, a quote, CR
 * or LF is quoted with inner quotes doubled.
 */
export function csvCell(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let s = value;
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV record with its `\r\n` line end. */
export function csvLine(cells: readonly Cell[]): string {
  return cells.map(csvCell).join(",") + "\r\n";
}

export const CSV_HEADER = csvLine([...EXPORT_COLUMNS]);

export function csvRow(row: ExportRow): string {
  return csvLine(EXPORT_COLUMNS.map((c) => row[c]));
}
