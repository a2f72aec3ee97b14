import { expect, type Page } from "@playwright/test";

/** One tick or axis title as drawn: its text and its box in page pixels. */
export interface Box {
  text: string;
  left: number;
  right: number;
}

/** What a vertical axis looks like on screen: the chart's svg box, the tick labels and the title. */
export interface YAxisLook {
  svgLeft: number;
  ticks: Box[];
  title: Box | null;
}

/** Page object for the analytics figures: reads the drawn SVG (ticks, titles, fills) by data-testid. */
export class AnalyticsFigures {
  constructor(readonly page: Page) {}

  async open(path: string, sessions: string[]) {
    const q = new URLSearchParams(sessions.map((s) => ["session", s]));
    await this.page.goto(`${path}?${q}`);
  }

  chart(testId: string) {
    return this.page.getByTestId(testId);
  }

  /** Waits for a chart's SVG to be drawn (recharts draws after hydration); its legend's icons are SVGs too. */
  async drawn(testId: string) {
    await expect(this.chart(testId).locator(".recharts-wrapper > svg.recharts-surface").first()).toBeVisible();
  }

  /**
   * Waits until every chart on the page is drawn at the width of its box. After the viewport
   * changes, the charts measure their boxes again and redraw in their own time: a fixed wait could
   * read the old layout on a busy machine.
   */
  async fitted() {
    await expect
      .poll(() =>
        this.page.evaluate(() =>
          [...document.querySelectorAll(".recharts-responsive-container")].flatMap((box) => {
            const svg = box.querySelector(".recharts-wrapper > svg.recharts-surface");
            const w = svg ? Number(svg.getAttribute("width")) : null;
            const id = box.closest("[data-testid]")?.getAttribute("data-testid") ?? "?";
            return w !== null && Math.abs(w - box.clientWidth) <= 1 ? [] : [`${id}: drawn ${w} in ${box.clientWidth}`];
          }),
        ),
      )
      .toEqual([]);
  }

  /** Every Y axis of a chart: tick label boxes, its title's box and the svg's left edge. */
  async yAxes(testId: string): Promise<YAxisLook[]> {
    await this.drawn(testId);
    return this.chart(testId).evaluate((root) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { text: el.textContent ?? "", left: r.left, right: r.right };
      };
      // Recharts 3 draws tick labels in a layer of their own, one group per axis.
      return [...root.querySelectorAll(".recharts-yAxis-tick-labels")].map((axis) => {
        const svg = axis.closest("svg")!;
        // Recharts draws axis titles in a layer of their own: the Y title is the label turned -90°.
        const title = [...svg.querySelectorAll(".recharts-label")].find((l) =>
          (l.getAttribute("transform") ?? "").includes("rotate(-90"),
        );
        return {
          svgLeft: svg.getBoundingClientRect().left,
          ticks: [...axis.querySelectorAll(".recharts-cartesian-axis-tick-value")].map(box),
          title: title ? box(title) : null,
        };
      });
    });
  }

  /** X tick texts as drawn, in order. */
  async xTicks(testId: string): Promise<string[]> {
    await this.drawn(testId);
    return this.chart(testId)
      .locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")
      .evaluateAll((els) => els.map((e) => e.textContent ?? ""));
  }

  /** Category ticks (config ids): the full id each carries and the text shown. */
  async categoryTicks(testId: string): Promise<{ full: string; shown: string; title: string }[]> {
    await this.drawn(testId);
    return this.chart(testId)
      .locator(".category-tick")
      .evaluateAll((els) =>
        els.map((e) => ({
          full: e.getAttribute("data-full") ?? "",
          shown: e.querySelector("text")?.textContent ?? "",
          title: e.querySelector("title")?.textContent ?? "",
        })),
      );
  }

  /** The fill of each bar of a chart, in drawing order. */
  async barFills(testId: string): Promise<string[]> {
    await this.drawn(testId);
    return this.chart(testId)
      .locator(".recharts-bar-rectangle path")
      .evaluateAll((els) => els.map((e) => (e.getAttribute("fill") ?? "").toUpperCase()));
  }

  /** Colour of a config's entry in a recharts legend (the icon's fill or stroke). */
  async legendColor(testId: string, label: string): Promise<string> {
    const item = this.chart(testId).locator(".recharts-legend-item").filter({ hasText: label }).first();
    await expect(item).toBeVisible();
    return item
      .locator("path, line, rect")
      .first()
      .evaluate((e) => (e.getAttribute("fill") || e.getAttribute("stroke") || "").toUpperCase());
  }

  /** Colour of a config in the progress page's legend swatches. */
  async progressSwatch(configId: string): Promise<string> {
    const item = this.page.getByTestId("progress-legend").locator("span.mono").filter({ hasText: configId }).first();
    return item.locator(".swatch").evaluate((e) => {
      const c = getComputedStyle(e).backgroundColor.match(/\d+/g)!.map(Number);
      return `#${c
        .slice(0, 3)
        .map((v) => v.toString(16).padStart(2, "0"))
        .join("")}`.toUpperCase();
    });
  }

  async shoot(name: string, outputPath: (n: string) => string) {
    await this.fitted();
    await this.page.screenshot({ path: outputPath(name), fullPage: true });
  }
}

/**
 * The problems of one Y axis: a tick label that starts left of the svg (cut off) or runs into the
 * axis title. An empty list means every label is whole and clear of the title.
 */
export function yAxisProblems(axis: YAxisLook): string[] {
  const out: string[] = [];
  for (const t of axis.ticks) {
    if (t.left < axis.svgLeft - 0.5) out.push(`"${t.text}" is cut off ${(axis.svgLeft - t.left).toFixed(1)} px`);
    if (axis.title && t.left < axis.title.right - 0.5)
      out.push(`"${t.text}" runs ${(axis.title.right - t.left).toFixed(1)} px into the title "${axis.title.text}"`);
  }
  return out;
}
