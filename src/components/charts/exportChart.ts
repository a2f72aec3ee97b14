/**
 * Turns a chart on screen into a standalone SVG (and a PNG drawn from it) for a paper: the
 * drawn `<svg>` with its computed styles written onto each element, so it looks the same
 * outside the page's stylesheet, plus its legend, which recharts draws as HTML beside the SVG.
 * Browser-only; the report builder (src/server/report) calls the same function in Chromium.
 */
import type { FigureCaption } from "@/domain/analytics/figureCaption";

export interface LegendEntry {
  label: string;
  color: string;
}
export interface ChartSvg {
  svg: string;
  width: number;
  height: number;
}

// SVG presentation properties a chart uses; all but opacity are inherited, so an element only
// needs the ones that differ from its parent's.
const INHERITED = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-opacity",
  "font-family",
  "font-size",
  "font-weight",
  "text-anchor",
  "dominant-baseline",
  "visibility",
];
const SVG_NS = "http://www.w3.org/2000/svg";
const LEGEND_ROW = 18;
const CAPTION_TITLE = 20;
const CAPTION_LINE = 15;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The chart's own drawing surface (legend icons are small `recharts-surface`s too). */
export function chartSurface(frame: Element): SVGSVGElement | null {
  return frame.querySelector<SVGSVGElement>(".recharts-wrapper > svg.recharts-surface");
}

function inlineStyles(src: Element, dst: Element) {
  const from = [src, ...src.querySelectorAll("*")];
  const to = [dst, ...dst.querySelectorAll("*")];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const parent = i === 0 ? null : getComputedStyle(el.parentElement!);
    const decl: string[] = [];
    for (const p of INHERITED) {
      const v = cs.getPropertyValue(p);
      if (v && (!parent || parent.getPropertyValue(p) !== v)) decl.push(`${p}:${v}`);
    }
    if (cs.opacity !== "1") decl.push(`opacity:${cs.opacity}`);
    if (cs.display === "none") decl.push("display:none");
    const own = to[i].getAttribute("style");
    to[i].setAttribute("style", [own, ...decl].filter(Boolean).join(";"));
    to[i].removeAttribute("class");
  });
}

function iconColor(item: Element): string {
  const icon = item.querySelector("svg path, svg rect, svg line, svg circle");
  if (icon) {
    const cs = getComputedStyle(icon);
    if (cs.fill && cs.fill !== "none") return cs.fill;
    if (cs.stroke && cs.stroke !== "none") return cs.stroke;
  }
  const text = item.querySelector(".recharts-legend-item-text");
  return getComputedStyle(text ?? item).color;
}

function legendMark(x: number, y: number, label: string, color: string, font: string): string {
  return (
    `<rect x="${x}" y="${y - 5}" width="10" height="10" fill="${esc(color)}"/>` +
    `<text x="${x + 14}" y="${y}" dominant-baseline="middle" style="font-family:${esc(font)};font-size:12px;fill:#1c1d1f">${esc(label)}</text>`
  );
}

/**
 * The chart in `frame` as SVG text, sized as it is on screen. Recharts' legend items are drawn
 * where they sit over the chart; `extra` entries (a legend the page draws once for several
 * charts) go in rows under it. A `caption` (figureCaption) goes above the chart as visible lines
 * and into the file's <title> and <desc>, so the PNG drawn from it carries it too.
 */
export function chartToSvg(frame: Element, extra: LegendEntry[] = [], caption?: FigureCaption): ChartSvg | null {
  const src = chartSurface(frame);
  if (!src) return null;
  const box = src.getBoundingClientRect();
  const width = Math.round(box.width);
  const chartHeight = Math.round(box.height);
  const font = getComputedStyle(src).fontFamily || "sans-serif";
  const clone = src.cloneNode(true) as SVGSVGElement;
  inlineStyles(src, clone);

  const marks: string[] = [];
  for (const item of frame.querySelectorAll(".recharts-legend-item")) {
    const r = item.getBoundingClientRect();
    const label = (item.querySelector(".recharts-legend-item-text") ?? item).textContent ?? "";
    marks.push(
      legendMark(
        Math.round(r.left - box.left),
        Math.round(r.top - box.top + r.height / 2),
        label,
        iconColor(item),
        font,
      ),
    );
  }
  let x = 8;
  let row = 0;
  for (const e of extra) {
    const w = 14 + e.label.length * 7 + 16;
    if (x > 8 && x + w > width) {
      x = 8;
      row += 1;
    }
    marks.push(legendMark(x, chartHeight + 4 + row * LEGEND_ROW + LEGEND_ROW / 2, e.label, e.color, font));
    x += w;
  }
  const top = caption ? CAPTION_TITLE + caption.lines.length * CAPTION_LINE + 8 : 0;
  const height = top + chartHeight + (extra.length ? (row + 1) * LEGEND_ROW + 8 : 0);

  const inner = new XMLSerializer().serializeToString(clone);
  const svg =
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    (caption ? `<title>${esc(caption.title)}</title><desc>${esc(caption.desc)}</desc>` : "") +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    (caption ? captionText(caption, font) : "") +
    (top ? `<g transform="translate(0 ${top})">` : "") +
    `${inner}<g class="legend">${marks.join("")}</g>${top ? "</g>" : ""}</svg>`;
  return { svg, width, height };
}

/** The caption's lines above the chart: the title in bold, then n, sessions and date. */
function captionText(caption: FigureCaption, font: string): string {
  const style = (size: number, weight: number, color: string) =>
    `style="font-family:${esc(font)};font-size:${size}px;font-weight:${weight};fill:${color}"`;
  const lines = caption.lines.map(
    (l, i) => `<text x="8" y="${CAPTION_TITLE + 12 + i * CAPTION_LINE}" ${style(11, 400, "#45474b")}>${esc(l)}</text>`,
  );
  return (
    `<g class="caption"><text x="8" y="15" ${style(14, 600, "#1c1d1f")}>${esc(caption.title)}</text>` +
    `${lines.join("")}</g>`
  );
}

/** Draws the SVG on a canvas `scale` times its size (2 for print) and returns the PNG. */
export async function svgToPng({ svg, width, height }: ChartSvg, scale = 2): Promise<Blob> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = width * scale;
  canvas.height = height * scale;
  const g = canvas.getContext("2d");
  if (!g) throw new Error("This browser cannot draw on a canvas, so the PNG cannot be made; download the SVG instead.");
  g.scale(scale, scale);
  g.drawImage(img, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error("The browser could not encode the PNG; download the SVG instead."))),
      "image/png",
    ),
  );
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
