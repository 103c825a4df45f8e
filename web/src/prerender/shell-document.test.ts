import { describe, expect, it } from 'vitest'

import { shellDocument } from '@/prerender/shell-document'

const INDEX_HTML = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta name="description" content="The shop" />
    <title>Whisk · Baking supplies</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

describe('shellDocument', () => {
  it('puts the markup inside #root and marks it as a shell', () => {
    const html = shellDocument(INDEX_HTML, '<header>Whisk</header><main>Hi</main>')
    expect(html).toContain('<div id="root" data-shell=""><header>Whisk</header><main>Hi</main></div>')
    expect(html).not.toContain('<div id="root"></div>')
  })

  it('holds the first paint until the parser has read past the whole shell', () => {
    const html = shellDocument(INDEX_HTML, '<header>Whisk</header><footer>Made in Pune</footer>')
    const block = html.indexOf('<link rel="expect" href="#shell-parsed" blocking="render">')
    expect(block).toBeGreaterThan(-1)
    expect(block).toBeLessThan(html.indexOf('</head>'))
    const shellEnd = 'Made in Pune</footer></div>'
    expect(html).toContain(`${shellEnd}<template id="shell-parsed"></template>`)
    expect(html.match(/id="shell-parsed"/g)).toHaveLength(1)
  })

  it('keeps everything else of index.html as it is, but for the app module, which start-app.js asks for', () => {
    const html = shellDocument(INDEX_HTML, '<p>x</p>')
    const start = '<script src="/start-app.js" data-app="/assets/index-abc.js" defer></script>'
    expect(html).toContain(start)
    expect(html).not.toContain('type="module"')
    expect(
      html
        .replace('<div id="root" data-shell=""><p>x</p></div><template id="shell-parsed"></template>', '<div id="root"></div>')
        .replace(start, '<script type="module" crossorigin src="/assets/index-abc.js"></script>')
        .replace('    <link rel="expect" href="#shell-parsed" blocking="render">\n', ''),
    ).toBe(INDEX_HTML)
  })

  it('leaves the chunks index.html preloads to start-app.js as well', () => {
    const preloading = INDEX_HTML.replace(
      '</script>\n',
      '</script>\n    <link rel="modulepreload" crossorigin href="/assets/react-x.js">\n    <link rel="modulepreload" crossorigin href="/assets/ui-y.js">\n',
    )
    const html = shellDocument(preloading, '<p>x</p>')
    expect(html).toContain(
      '<script src="/start-app.js" data-app="/assets/index-abc.js" data-preload="/assets/react-x.js /assets/ui-y.js" defer></script>\n    <link rel="expect"',
    )
    expect(html).not.toContain('modulepreload')
  })

  it("moves the page's title and description into the head, in place of index.html's", () => {
    const html = shellDocument(
      INDEX_HTML,
      '<title>Cart · Whisk</title><meta name="description" content="Your cart"/><main>Cart</main>',
    )
    expect(html).toContain('<meta name="description" content="Your cart"/>\n    <title>Cart · Whisk</title>')
    expect(html).not.toContain('The shop')
    expect(html).not.toContain('Whisk · Baking supplies')
    expect(html).toContain('<div id="root" data-shell=""><main>Cart</main></div><template id="shell-parsed">')
  })

  it('leaves title-like text further in the markup where it is', () => {
    const markup = '<main><svg><title>Logo</title></svg></main>'
    const html = shellDocument(INDEX_HTML, markup)
    expect(html).toContain('<title>Whisk · Baking supplies</title>')
    expect(html).toContain(`<div id="root" data-shell="">${markup}</div>`)
  })

  it('copies dollar signs in the markup literally', () => {
    expect(shellDocument(INDEX_HTML, "<p>$& $' $1</p>")).toContain("<p>$& $' $1</p>")
    expect(shellDocument(INDEX_HTML, '<title>$& deals</title>')).toContain('<title>$& deals</title>')
  })

  it('refuses an index.html that does not load exactly one module', () => {
    const noModule = INDEX_HTML.replace(/<script type="module"[^\n]*\n/, '')
    expect(() => shellDocument(noModule, '<p>x</p>')).toThrow(/exactly one module/)
    const twoModules = INDEX_HTML.replace('</head>', '<script type="module" crossorigin src="/assets/b.js"></script></head>')
    expect(() => shellDocument(twoModules, '<p>x</p>')).toThrow(/exactly one module/)
  })

  it('refuses an index.html without exactly one empty #root', () => {
    expect(() => shellDocument('<body></body>', '<p>x</p>')).toThrow(/exactly one/)
    expect(() => shellDocument(`${INDEX_HTML}${INDEX_HTML}`, '<p>x</p>')).toThrow(/exactly one/)
  })
})
