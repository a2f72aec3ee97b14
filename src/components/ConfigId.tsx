import { Fragment } from "react";

/**
 * A config id that may wrap after its hyphens (`bash-plan-examples-summarize`), so a wide table
 * of configs fits its column instead of scrolling sideways; the text itself is unchanged.
 */
export function ConfigId({ id }: { id: string }) {
  const parts = id.split(/(?<=-)/);
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {p}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
