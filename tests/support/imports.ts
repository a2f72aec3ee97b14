/** Static imports and re-exports (not `import type`, not a dynamic `import()`). */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;'"]*?from\s+["']([^"']+)["']/gm)) out.push(m[1]);
  for (const m of code.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) out.push(m[1]);
  return out;
}
