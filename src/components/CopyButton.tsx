"use client";
import { useState } from "react";

/**
 * Copies `text`. navigator.clipboard exists only in secure contexts (https, localhost), and a
 * dashboard opened from another machine over http is neither, so the old execCommand path is the
 * fallback; when both fail the button says to select and copy by hand.
 */
export function CopyButton({ text, testId, label = "Copy" }: { text: string; testId: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(text);
      else legacyCopy(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <button type="button" className="btn" onClick={copy} data-testid={testId} data-state={state}>
      {state === "copied" ? "Copied" : state === "failed" ? "Select and copy it by hand" : label}
    </button>
  );
}

function legacyCopy(text: string) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}
