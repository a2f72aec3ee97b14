/**
 * Shown while the budget page renders. After a restart its first render loads the Gemma tokenizer
 * (on a worker thread, src/server/budget/tokenizer.ts: a 33 MB vocabulary, 2–13 s on this kind of machine), and a blank
 * page for that long looks broken.
 */
export default function BudgetLoading() {
  return (
    <>
      <h1>Latency budget</h1>
      <p className="notice" data-testid="budget-loading" role="status">
        Counting start-up tokens… The first visit after the dashboard starts loads the Gemma tokenizer (a 33 MB
        vocabulary), which takes a few seconds; later visits are immediate.
      </p>
    </>
  );
}
