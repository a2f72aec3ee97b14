import { diffCounts, lineDiff, treeRows, type FileDelta, workspaceDiff } from "@/domain/trace";
import type { Workspace } from "@/domain/protocol";
import { Inert } from "./Inert";
import { DiffOnOpen } from "./DiffOnOpen";

const STATUS_PILL = { added: "pass", removed: "fail", changed: "warn", unchanged: "" } as const;

/** One file's change as an expandable line: status, path, +added −removed, diff drawn on open. */
export function DeltaLine({ delta, label }: { delta: FileDelta; label?: string }) {
  const lines = lineDiff(delta.before ?? "", delta.after ?? "");
  const counts = diffCounts(lines);
  return (
    <DiffOnOpen before={delta.before ?? ""} after={delta.after ?? ""}>
      <summary>
        <span className={`pill ${STATUS_PILL[delta.status]}`}>{delta.status}</span>{" "}
        <span className="mono">
          <Inert text={label ?? delta.path} />
        </span>{" "}
        <span className="add-n">+{counts.added}</span> <span className="del-n">−{counts.removed}</span>
      </summary>
    </DiffOnOpen>
  );
}

/** The final workspace as a tree, each file against the seed. */
export function WorkspaceView({ seed, final }: { seed: Workspace; final: Workspace }) {
  const d = workspaceDiff(seed, final);
  const c = d.counts;
  if (!d.files.length)
    return (
      <p className="muted" data-testid="workspace-empty">
        The workspace is empty, before and after.
      </p>
    );
  return (
    <div className="panel" data-testid="workspace">
      <p className="muted" data-testid="workspace-summary">
        {c.added} added · {c.removed} removed · {c.changed} changed · {c.unchanged} unchanged
      </p>
      <div className="tree">
        {treeRows(d.files).map((r) =>
          r.kind === "dir" ? (
            <div key={r.path} className="tree-dir mono" style={{ paddingLeft: r.depth * 16 }}>
              <Inert text={r.name} />
            </div>
          ) : (
            <div
              key={r.path}
              className="tree-file"
              style={{ paddingLeft: r.depth * 16 }}
              data-testid={`file-${r.item.status}`}
            >
              {r.item.status === "unchanged" ? (
                <span className="mono muted">
                  <Inert text={r.name} /> <span className="pill">unchanged</span>
                </span>
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
