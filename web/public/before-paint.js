// Runs before the first paint, from every page's <head>.
// The theme: applies the one saved by the theme atom (key whisk.theme.v1), so a dark theme never
// flashes light.
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
// The cart: marks <html data-cart-lines> when the saved cart (the cart atom's key
// whisk.cart.v1) has lines. The cart page's prerendered shell is drawn empty, and the mark keeps
// it from saying so (src/styles/index.css) until the app draws the lines.
;(function () {
  try {
    var cart = JSON.parse(localStorage.getItem('whisk.cart.v1') || 'null')
    if (cart && cart.numItemsInCart > 0) document.documentElement.setAttribute('data-cart-lines', '')
  } catch {
    // Storage blocked or unreadable: the app reads it the same way, and shows an empty cart too.
  }
})()
