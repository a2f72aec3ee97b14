import { readableReason } from "@/domain/scoring/readable-pattern";
import { Inert } from "./Inert";

/**
 * A score's reason (the outcome's, or one check's) as the run and session pages show it: patterns
 * compact and invisible characters named, also for reasons stored before scoring wrote them so.
 */
export function Reason({ text }: { text: string }) {
  return <Inert text={readableReason(text)} />;
}
