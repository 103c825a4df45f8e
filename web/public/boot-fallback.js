// Runs before the app. If an error reaches the window while the app has drawn nothing yet (its
// script did not download, say after a deploy or offline, or threw while starting), this says so
// with a reload button instead of leaving a blank page. Once the app has drawn, its own error
// screens take over; an app that starts after all replaces this message (React clears #root).
// A #root still marked data-shell holds the page prerendered at build time, which the app has
// not drawn over yet (src/main.tsx takes the mark off): that counts as nothing drawn, and the
// message takes the shell's place.
// Plain script and inline styles: it must work when the app's CSS and modules did not arrive.
;(function () {
  function show() {
    var root = document.getElementById('root')
    if (root && root.hasAttribute('data-shell')) root.textContent = ''
    if (root && root.childNodes.length > 0) return
    if (!root) {
      root = document.createElement('div')
      document.body.appendChild(root)
    }
    var box = document.createElement('main')
    box.setAttribute('style', 'max-width:32rem;margin:15vh auto;padding:0 1rem;font:1.125rem/1.5 system-ui,sans-serif;text-align:center')
    var title = document.createElement('h1')
    title.setAttribute('style', 'font-size:1.875rem;line-height:1.2;margin:0 0 1rem')
    title.textContent = 'Whisk couldn\u2019t start'
    var text = document.createElement('p')
    text.setAttribute('style', 'margin:0 0 1.5rem')
    text.textContent =
      'Part of the shop did not load: your connection may have dropped, or the shop was updated since you opened it. Reloading the page usually fixes it.'
    var button = document.createElement('button')
    button.type = 'button'
    button.textContent = 'Reload page'
    button.setAttribute('style', 'font:inherit;padding:.5rem 1.25rem;border-radius:.375rem;border:1px solid currentColor;background:transparent;color:inherit;cursor:pointer')
    button.addEventListener('click', function () {
      location.reload()
    })
    box.append(title, text, button)
    root.appendChild(box)
  }
  // Capture: a <script> that failed to download fires its error on the element, which does not bubble.
  addEventListener(
    'error',
    function (event) {
      var target = event.target
      // A picture or stylesheet that failed to load is not the app failing to start.
      if (target && target !== window && target.tagName !== 'SCRIPT') return
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show)
      else show()
    },
    true,
  )
})()
