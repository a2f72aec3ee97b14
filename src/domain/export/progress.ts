/**
 * Counts the runs in a streamed export as its text arrives, for a progress bar. runs.csv ends
 * every record with CRLF (minus one for the header; approximate only where a text cell itself
 * holds a CRLF); every run of runs.json starts with `{"runId":` (its first field). A marker split
 * across two chunks is still counted once.
 */
export function createRecordCounter(format: "csv" | "json") {
  const marker = format === "csv" ? "\r\n" : '{"runId":';
  const offset = format === "csv" ? 1 : 0;
  let seen = 0;
  let carry = "";
  return {
    add(chunk: string): number {
      const text = carry + chunk;
      let from = 0;
      for (let i = text.indexOf(marker); i !== -1; i = text.indexOf(marker, from)) {
        seen++;
        from = i + marker.length;
      }
      // Keep just enough of the tail to complete a marker the next chunk finishes.
      carry = text.slice(Math.max(from, text.length - (marker.length - 1)));
      return Math.max(0, seen - offset);
    },
  };
}
