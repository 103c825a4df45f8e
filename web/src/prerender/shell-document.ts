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

/**
 * Holds the first paint until the parser has read the whole shell (the marker after #root). A
 * slow phone's parser yields part way through a long document, and the browser would paint the
 * header without its right-hand links and a half-read footer, then move them as the rest
 * arrives: a layout shift before the page has even started.
 */
const PARSED_MARK = 'shell-parsed'
const RENDER_BLOCK = `<link rel="expect" href="#${PARSED_MARK}" blocking="render">`

const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /<meta name="description" [^>]*\/>/

/**
 * index.html with a page's server-rendered `markup` inside its #root, which is marked
 * `data-shell` until the app has rendered over it (main.tsx; public/boot-fallback.js reads the
 * mark). The page's own title and description replace index.html's, so the tab and a crawler
 * name the page from the first byte. The browser paints nothing until it has read the whole
 * shell (PARSED_MARK). The app's module and the chunks it imports are asked for by
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
  const shell = `<div id="root" data-shell="">${body}</div><template id="${PARSED_MARK}"></template>`
  let html = `${indexHtml.slice(0, at)}${shell}${indexHtml.slice(at + EMPTY_ROOT.length)}`
  const module = APP_MODULE.exec(html)
  if (!module || APP_MODULE.exec(html.slice(module.index + module[0].length))) {
    throw new Error("index.html must load exactly one module, the app's")
  }
  const chunks = [...html.matchAll(MODULE_PRELOAD)].map((preload) => preload[1])
  html = html.replace(MODULE_PRELOAD, '')
  const preload = chunks.length > 0 ? ` data-preload="${chunks.join(' ')}"` : ''
  const start = `<script src="/start-app.js" data-app="${module[1]}"${preload} defer></script>`
  html = html.replace(APP_MODULE, () => start)
  if (html.indexOf('</head>') === -1) throw new Error('index.html must have a </head>')
  html = html.replace('</head>', () => `  ${RENDER_BLOCK}\n  </head>`)
  for (const tag of [TITLE, DESCRIPTION]) {
    const own = tag.exec(headTags)?.[0]
    if (own !== undefined) html = html.replace(tag, () => own)
  }
  return html
}
