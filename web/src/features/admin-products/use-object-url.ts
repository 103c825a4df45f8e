import { useEffect, useState } from 'react'

/**
 * An object URL showing `file`, or null without one. The URL is revoked when the file changes and
 * when the component unmounts, so picked previews never leak.
 */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) {
      setUrl(null)
      return
    }
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  return url
}
