/**
 * True for the error a browser gives when a chunk of the app could not be downloaded: the
 * connection dropped, or a deploy replaced the files the open page was built with. Each browser
 * words it differently (Chromium, Firefox, Safari, then Vite's own for a chunk's stylesheet).
 * Only a reload helps: a browser keeps a module that failed to load failed for the page's life.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  )
}
