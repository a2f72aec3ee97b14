/** Renders a sentence whose `backticked` parts (paths, tools, patterns) are code. */
export function Ticks({ text }: { text: string }) {
  const parts = text.split("`");
  // an odd number of backticks leaves the last one unpaired: show the text as it is
  if (parts.length % 2 === 0) return <>{text}</>;
  return <>{parts.map((p, i) => (i % 2 === 1 ? <code key={i}>{p}</code> : p))}</>;
}
