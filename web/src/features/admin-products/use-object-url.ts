import { useEffect, useState } from 'react'

/**
 * An object URL showing `file`, or null without one. The URL is revoked when the file changes and
 * when the component unmounts, so picked previews never leak.
 */
export function useObjectUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null)
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
