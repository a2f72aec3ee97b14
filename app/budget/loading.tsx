/**
 * Shown while the budget page renders (reading runs, fitting the load line). The Gemma tokenizer
 * is loaded at start in the background; a visit before it is ready gets the page's own loading
 * state (TokenizerLoading), which refreshes itself, rather than waiting here.
 */
export default function BudgetLoading() {
  return (
    <>
      <h1>Latency budget</h1>
      <p className="notice" data-testid="budget-loading" role="status">
        Counting start-up tokens and reading the phones&apos; measurements…
      </p>
    </>
  );
}
