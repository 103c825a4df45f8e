// Runs before the first paint: applies the theme saved by the theme atom (key whisk.theme.v1).
;(function () {
  var theme = 'winter'
  try {
    var saved = JSON.parse(localStorage.getItem('whisk.theme.v1') || 'null')
    if (saved === 'winter' || saved === 'dracula') theme = saved
  } catch {
    // Storage blocked or the saved value unreadable: keep the light theme.
  }
  document.documentElement.setAttribute('data-theme', theme)
  document.documentElement.style.colorScheme = theme === 'dracula' ? 'dark' : 'light'
})()
