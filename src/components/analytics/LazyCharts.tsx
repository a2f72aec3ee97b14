"use client";
import dynamic from "next/dynamic";

/**
 * The overview's charts, loaded once the page is interactive: their drawing library is the
 * largest script of the page (recharts, 420 KB), and a chart draws only after it has measured its
 * box in the browser anyway, so the server's HTML held an empty frame either way. Until the script
 * has loaded, a frame of the chart's height marked `data-chart-pending` stands in its place (the
 * study report waits for those to go: src/server/report/inPage.ts). Heights: the drawn frames' at
 * 1440 and 1024 px wide, so nothing below moves when they draw.
 */
const pending = (height: number) =>
  function PendingChart() {
    return <div className="chart" data-chart-pending aria-busy="true" style={{ height }} />;
  };

export const PassRateChart = dynamic(() => import("./PassRateChart").then((m) => m.PassRateChart), {
  ssr: false,
  loading: pending(302),
});
export const PassByGroupChart = dynamic(() => import("./PassByGroupChart").then((m) => m.PassByGroupChart), {
  ssr: false,
  loading: pending(342),
});
export const OutcomeChart = dynamic(() => import("./OutcomeChart").then((m) => m.OutcomeChart), {
  ssr: false,
  loading: pending(374),
});
