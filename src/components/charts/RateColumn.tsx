import { rateMark, whiskerPx } from "@/domain/analytics/whisker";
import { RateWhisker, ZeroMark } from "./RateWhisker";

/** What recharts hands a Bar's custom shape in a column chart (layout "horizontal"). */
export interface ColumnShapeProps {
  x?: number;
  width?: number;
  fill?: string;
  /** The full column behind the bar: its top is 100%, its bottom 0%. */
  background?: { y: number; height: number };
}

/**
 * A pass-rate column with its Wilson whisker, drawn here rather than with recharts' ErrorBar,
 * which draws nothing for a 0% bar (recharts drops 0-height bars unless the shape is custom).
 * A 0% bar keeps its whisker and gets a baseline mark with its count. Draws only.
 */
export function RateColumn({
  x = 0,
  width = 0,
  fill,
  background,
  rate,
  err,
  label,
  id,
}: ColumnShapeProps & { rate: number | null; err: [number, number] | null; label: string; id: string }) {
  if (!background || rate === null) return null;
  const at0 = background.y + background.height;
  const at1 = background.y;
  const mark = rateMark(rate, err);
  const w = whiskerPx(mark, rate, at0, at1);
  const h = (at0 - at1) * rate;
  return (
    <g data-bar={id}>
      {/* A path, as recharts' own bar: 0 high at 0%, still there to carry the bar's colour. */}
      <path d={`M${x},${at0 - h}h${width}v${h}h${-width}Z`} fill={fill} />
      {mark.zero && (
        <ZeroMark at0={at0} from={x} to={x + width} labelAt={w ? w.to : at0} label={label} color={fill} vertical />
      )}
      {w && <RateWhisker w={w} at={x + width / 2} cap={Math.min(6, width / 3)} vertical id={id} />}
    </g>
  );
}
