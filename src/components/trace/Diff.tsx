import { diffCounts, hunks, lineDiff, treeRows, type DiffLine, type FileDelta, workspaceDiff } from "@/domain/trace";
import type { Workspace } from "@/domain/protocol";
import { Inert } from "./Inert";

/** Rows beyond this are left out of one diff: the file tree says how many lines changed. */
const MAX_ROWS = 400;
const SIGN = { same: " ", add: "+", del: "-" } as const;

/** A unified line diff of one file, with long unchanged stretches folded. */
export function DiffView({ lines }: { lines: DiffLine[] }) {
  const rows = hunks(lines);
  if (!rows.length) return <p className="muted">(empty file)</p>;
  return (
    <div className="diff" data-testid="diff">
      {rows.slice(0, MAX_ROWS).map((r, i) =>
        r.op === "skip" ? (
          <div key={i} className="dl skip">⋯ {r.count} unchanged line{r.count === 1 ? "" : "s"}</div>
        ) : (
          <div key={i} className={`dl ${r.op}`}>{SIGN[r.op]} <Inert text={r.text} /></div>
        ),
      )}
      {rows.length > MAX_ROWS && <div className="dl skip">⋯ {rows.length - MAX_ROWS} more rows not shown</div>}
    </div>
  );
}

const STATUS_PILL = { added: "pass", removed: "fail", changed: "warn", unchanged: "" } as const;

/** One file's change as an expandable line: status, path, +added −removed, diff on open. */
export function DeltaLine({ delta, label }: { delta: FileDelta; label?: string }) {
  const lines = lineDiff(delta.before ?? "", delta.after ?? "");
  const counts = diffCounts(lines);
  return (
    <details className="delta" data-testid="delta">
      <summary>
        <span className={`pill ${STATUS_PILL[delta.status]}`}>{delta.status}</span> <span className="mono"><Inert text={label ?? delta.path} /></span>{" "}
        <span className="add-n">+{counts.added}</span> <span className="del-n">−{counts.removed}</span>
      </summary>
      <DiffView lines={lines} />
    </details>
  );
}

/** The final workspace as a tree, each file against the seed. */
export function WorkspaceView({ seed, final }: { seed: Workspace; final: Workspace }) {
  const d = workspaceDiff(seed, final);
  const c = d.counts;
  if (!d.files.length) return <p className="muted" data-testid="workspace-empty">The workspace is empty, before and after.</p>;
  return (
    <div className="panel" data-testid="workspace">
      <p className="muted" data-testid="workspace-summary">
        {c.added} added · {c.removed} removed · {c.changed} changed · {c.unchanged} unchanged
      </p>
      <div className="tree">
        {treeRows(d.files).map((r) =>
          r.kind === "dir" ? (
            <div key={r.path} className="tree-dir mono" style={{ paddingLeft: r.depth * 16 }}><Inert text={r.name} /></div>
          ) : (
            <div key={r.path} className="tree-file" style={{ paddingLeft: r.depth * 16 }} data-testid={`file-${r.item.status}`}>
              {r.item.status === "unchanged" ? (
                <span className="mono muted"><Inert text={r.name} /> <span className="pill">unchanged</span></span>
              ) : (
                <DeltaLine delta={r.item} label={r.name} />
              )}
            </div>
          ),
        )}
      </div>
    </div>
  );
}
