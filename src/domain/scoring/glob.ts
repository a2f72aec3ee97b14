import picomatch from "picomatch";

/**
 * Suite globs are absolute (`/notes/*.md`). picomatch's `**` does not match zero segments right
 * after a leading `/` (`/**\/*.md` misses `/a.md`), so both sides are matched without it.
 * `dot: true` because workspace dot files are ordinary files to the model; `windows: false` so a
 * score never depends on the host (picomatch would otherwise treat a backslash as a separator on Windows).
 */
export function globMatcher(glob: string): (path: string) => boolean {
  const isMatch = picomatch(stripRoot(glob), { dot: true, windows: false });
  return (path) => isMatch(stripRoot(path));
}

function stripRoot(p: string): string {
  return p.startsWith("/") ? p.slice(1) : p;
}
