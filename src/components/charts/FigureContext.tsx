"use client";
import { createContext, useContext, type ReactNode } from "react";
import type { FigureContext } from "@/domain/analytics/figureCaption";

const Ctx = createContext<FigureContext | null>(null);

/** Gives every chart below it the n, sessions and date its exported file carries (issue 34.6). */
export function FigureContextProvider({ value, children }: { value: FigureContext; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The page's figure context, or null where a page gives none (the chart exports without a caption). */
export const useFigureContext = () => useContext(Ctx);
