"use client";
import type { ReactNode } from "react";
import type { ApiError } from "@/client/api";
import { issueSentence, type PathLabel } from "@/domain/messages/issues";
import { userErrorMessage, type ErrorWords } from "@/domain/messages/apiError";

/**
 * An API error in the page's words: one sentence saying what happened and what to do, then each
 * problem as a sentence naming the field as the page calls it (never `tasks.0.fixtures.0`,
 * `issues`, "body" or "received undefined").
 */
export function ErrorNotice({
  error,
  words,
  label,
  testId,
  max = 50,
  render = (text) => text,
}: {
  error: ApiError;
  words: ErrorWords;
  label: PathLabel;
  testId: string;
  max?: number;
  /** How a sentence is drawn (the suite page renders `ids` as code). */
  render?: (text: string) => ReactNode;
}) {
  const items = error.issues.map((i) => issueSentence(i, label));
  return (
    <div className="error" data-testid={testId} role="alert">
      {userErrorMessage(error, words)}
      {items.length > 0 && (
        <ul>
          {items.slice(0, max).map((text, k) => (
            <li key={k}>{render(text)}</li>
          ))}
          {items.length > max && <li>…and {items.length - max} more.</li>}
        </ul>
      )}
    </div>
  );
}
