/** How long a saved file's object URL is kept: some browsers still read it after click() returns. */
const REVOKE_AFTER_MS = 10_000

/** Saves `blob` as a download named `fileName`, through an object URL and a temporary <a download>. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}
