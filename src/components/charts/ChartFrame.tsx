"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { figureCaption, titleFromName, type FigureContext } from "@/domain/analytics/figureCaption";
import { chartToSvg, saveBlob, svgToPng, type LegendEntry } from "./exportChart";
import { useFigureContext } from "./FigureContext";

declare global {
  interface Window {
    harnessChartToSvg?: typeof chartToSvg;
  }
}

/**
 * The box around every chart, with "SVG" and "PNG ×2" buttons that save the chart as drawn
 * (same data, axes and legend as on screen). `name` is the file name; `legend` lists entries the
 * page draws outside the chart (shared legends) so the exported file still carries them. The file
 * also carries its caption (title, n, sessions, date: figureCaption) from `title` and the page's
 * figure context (FigureContextProvider) or `context`, so a figure in a paper keeps its context.
 */
export function ChartFrame({
  testId,
  name,
  legend,
  title,
  context,
  className = "chart",
  children,
}: {
  testId: string;
  name: string;
  legend?: LegendEntry[];
  /** The figure's title in its exported file; by default its file name as words. */
  title?: string;
  /** n, sessions and date for the caption, where no FigureContextProvider gives them. */
  context?: FigureContext;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const pageContext = useFigureContext();
  const facts = context ?? pageContext;
  const caption = facts ? figureCaption({ ...facts, title: title ?? titleFromName(name) }) : undefined;
  // The study report (src/server/report) serialises each chart in Chromium with this same function.
  useEffect(() => {
    window.harnessChartToSvg = chartToSvg;
  }, []);

  const make = () => {
    const out = ref.current ? chartToSvg(ref.current, legend, caption) : null;
    if (!out) setError("The chart has not been drawn yet; wait until it appears and try again.");
    return out;
  };
  const svg = () => {
    const out = make();
    if (out) {
      setError(null);
      saveBlob(new Blob([out.svg], { type: "image/svg+xml" }), `${name}.svg`);
    }
  };
  const png = async () => {
    const out = make();
    if (!out) return;
    try {
      saveBlob(await svgToPng(out, 2), `${name}@2x.png`);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : "The PNG could not be made; download the SVG instead.");
    }
  };

  return (
    <div
      className={className}
      data-testid={testId}
      data-chart-frame={name}
      data-chart-legend={legend ? JSON.stringify(legend) : undefined}
      ref={ref}
    >
      <div className="chart-tools" data-report-drop>
        <button type="button" onClick={svg} data-testid={`${testId}-svg`} title="Download this chart as SVG">
          SVG
        </button>
        <button
          type="button"
          onClick={png}
          data-testid={`${testId}-png`}
          title="Download this chart as PNG at twice its size, for print"
        >
          PNG ×2
        </button>
      </div>
      {children}
      {error && (
        <p className="error" data-testid={`${testId}-export-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
