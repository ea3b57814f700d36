import { useEffect } from 'react'

/**
 * The browser's title while the page shows (what Save as PDF suggests as the file name); the
 * title before comes back when it leaves. Nothing changes while `title` is null (still loading).
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return
    const before = document.title
    document.title = title
    return () => {
      document.title = before
    }
  }, [title])
}
