// Starts the app on a page that arrived with its first screen prerendered (src/prerender): the
// app's module (this tag's data-app) is asked for once the browser has painted that screen, so
// the paint waits for nothing the screen does not need, and the script's download no longer
// competes with the screen's pictures. Pages without a shell load the module at once, as
// index.html has it. If the module fails to load, public/boot-fallback.js says so.
// Plain script: index.html's Content-Security-Policy allows no inline script.
;(function () {
  var app = document.currentScript && document.currentScript.getAttribute('data-app')
  if (!app) return
  var started = false
  function start() {
    if (started) return
    started = true
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = app
    document.head.appendChild(script)
  }
  // After the first frame; a tab opened in the background paints no frames, so a timer starts it too.
  requestAnimationFrame(function () {
    setTimeout(start)
  })
  setTimeout(start, 100)
})()
