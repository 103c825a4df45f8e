import { useEffect, useState } from 'react'

/**
 * An object URL showing `file` (a picked image, a downloaded picture), or null without one. The
 * URL is revoked when the file changes and when the component unmounts, so none ever leaks.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const [preview, setPreview] = useState<{ file: Blob; url: string } | null>(null)
  useEffect(() => {
    if (!file) return
    const url = URL.createObjectURL(file)
    // The URL is an outside resource made and revoked with the file, so it is set from here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPreview({ file, url })
    return () => URL.revokeObjectURL(url)
  }, [file])
  return preview && preview.file === file ? preview.url : null
}
