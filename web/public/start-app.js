// Starts the app on a page that arrived with its first screen prerendered (src/prerender): the
// app's module (this tag's data-app) is asked for once the browser has painted that screen and
// its pictures, so neither waits for the script nor shares the network with it. Pages without a
// shell load the module at once, as index.html has it. If the module fails to load, public/boot-fallback.js says so.
// Plain script: index.html's Content-Security-Policy allows no inline script.
;(function () {
  var app = document.currentScript && document.currentScript.getAttribute('data-app')
  if (!app) return
  var chunks = document.currentScript.getAttribute('data-preload')
  // The shell's buttons do nothing until the app runs: their presses are noted on them
  // (data-shell-pressed, the press numbers), for the app to make once it has drawn the page
  // (src/app/shell-input.ts).
  var presses = 0
  document.addEventListener(
    'click',
    function (event) {
      var button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null
      if (!button || !button.closest('#root[data-shell]')) return
      presses += 1
      var before = button.getAttribute('data-shell-pressed')
      button.setAttribute('data-shell-pressed', before ? before + ' ' + presses : String(presses))
    },
    true,
  )
  var started = false
  function start() {
    if (started) return
    started = true
    // The chunks the module imports, fetched alongside it rather than once it has arrived.
    ;(chunks ? chunks.split(' ') : []).forEach(function (href) {
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.appendChild(link)
    })
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = app
    document.head.appendChild(script)
  }
  // Once the first screen is on the page with its pictures: the load event, which waits for the
  // pictures in view, then two frames for them to be painted. A picture that never arrives, or a
  // tab in the background (which paints no frames), waits at most 3 s.
  function afterPaint() {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start)
      })
    })
  }
  if (document.readyState === 'complete') afterPaint()
  else addEventListener('load', afterPaint)
  setTimeout(start, 3000)
})()
