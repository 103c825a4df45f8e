const EMPTY_ROOT = '<div id="root"></div>'

/**
 * The <title> and <meta>s a page renders (PageMeta). React's server renderer writes them ahead of
 * the markup when it renders no <head> of its own.
 */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>)*/

/** The app's module, which a shell asks for only once it has painted (public/start-app.js). */
const APP_MODULE = /<script type="module" crossorigin src="([^"]+)"><\/script>/

/**
 * A chunk the app's module imports, which index.html has the browser fetch at once. A shell
 * leaves it to start-app.js too: fetched before the paint, the chunks would share the network
 * with the pictures the paint waits for.
 */
const MODULE_PRELOAD = /\n?[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">/g

const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /<meta name="description" [^>]*\/>/

/**
 * index.html with a page's server-rendered `markup` inside its #root, which is marked
 * `data-shell` until the app has rendered over it (main.tsx; public/boot-fallback.js reads the
 * mark). The page's own title and description replace index.html's, so the tab and a crawler
 * name the page from the first byte. The app's module and the chunks it imports are asked for by
 * public/start-app.js after the shell is painted, instead of at once.
 */
export function shellDocument(indexHtml: string, markup: string): string {
  const at = indexHtml.indexOf(EMPTY_ROOT)
  if (at === -1 || indexHtml.indexOf(EMPTY_ROOT, at + 1) !== -1) {
    throw new Error(`index.html must hold exactly one ${EMPTY_ROOT}`)
  }
  const headTags = LEADING_HEAD_TAGS.exec(markup)?.[0] ?? ''
  const body = markup.slice(headTags.length)
  // Spliced, and replaced through functions: String.replace would read `$&` and the like in the text.
  let html = `${indexHtml.slice(0, at)}<div id="root" data-shell="">${body}</div>${indexHtml.slice(at + EMPTY_ROOT.length)}`
  const module = APP_MODULE.exec(html)
  if (!module || APP_MODULE.exec(html.slice(module.index + module[0].length))) {
    throw new Error("index.html must load exactly one module, the app's")
  }
  const chunks = [...html.matchAll(MODULE_PRELOAD)].map((preload) => preload[1])
  html = html.replace(MODULE_PRELOAD, '')
  const preload = chunks.length > 0 ? ` data-preload="${chunks.join(' ')}"` : ''
  const start = `<script src="/start-app.js" data-app="${module[1]}"${preload} defer></script>`
  html = html.replace(APP_MODULE, () => start)
  for (const tag of [TITLE, DESCRIPTION]) {
    const own = tag.exec(headTags)?.[0]
    if (own !== undefined) html = html.replace(tag, () => own)
  }
  return html
}
