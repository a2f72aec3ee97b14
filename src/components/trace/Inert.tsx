import { collapse, inertPieces, toolCallSpans } from "@/domain/trace";

/**
 * Text from a trace, rendered as React text (so HTML in it stays text) with hidden characters
 * (ANSI, bidi, zero-width) shown as markers. Works in server and client components.
 */
export function Inert({ text }: { text: string }) {
  return (
    <>
      {inertPieces(text).map((p, i) =>
        typeof p === "string" ? (
          p
        ) : (
          <span key={i} className="ctl" title={p.title}>
            {p.mark}
          </span>
        ),
      )}
    </>
  );
}

/** Model output with its tool-call syntax highlighted. */
export function ModelText({ text }: { text: string }) {
  return (
    <>
      {toolCallSpans(text).map((s, i) =>
        s.kind === "call" ? (
          <span key={i} className="tc">
            <Inert text={s.text} />
          </span>
        ) : (
          <Inert key={i} text={s.text} />
        ),
      )}
    </>
  );
}

/**
 * A possibly huge text, collapsed to its first lines. The full text sits in a closed <details>,
 * which the browser does not lay out until opened, so a 1 MB result costs no layout up front;
 * no client JavaScript is needed to expand it.
 */
export function LongText({
  text,
  model = false,
  className = "",
  testId,
}: {
  text: string;
  model?: boolean;
  className?: string;
  testId?: string;
}) {
  const Body = model ? ModelText : Inert;
  if (text === "")
    return (
      <pre className={`tx empty-text ${className}`} data-testid={testId}>
        (empty)
      </pre>
    );
  const c = collapse(text);
  if (!c.cut)
    return (
      <pre className={`tx ${className}`} data-testid={testId}>
        <Body text={text} />
      </pre>
    );
  return (
    <div className="long" data-testid={testId}>
      <pre className={`tx head ${className}`}>
        <Body text={c.head} />
        <span className="muted"> …</span>
      </pre>
      <details>
        <summary>
          <span className="more">
            show all {c.lines.toLocaleString("en-US")} lines, {text.length.toLocaleString("en-US")} characters
          </span>
          <span className="less">show less</span>
        </summary>
        <pre className={`tx ${className}`}>
          <Body text={text} />
        </pre>
      </details>
    </div>
  );
}
