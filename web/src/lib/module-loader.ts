/**
 * Where a module loaded on demand stands: 'loading' until an attempt has ended (also before it
 * is asked for), 'ready' once it is in, 'failed' when the last attempt failed. It stays 'failed'
 * while it is tried again, so what a screen shows for the failure (and its "Try again" button)
 * stays put until the module is in or the new attempt has failed too.
 */
export type LoadStatus = 'loading' | 'ready' | 'failed'

export type ModuleLoader<T> = {
  /**
   * Resolves with the module, starting an attempt unless one is under way or has succeeded. A
   * failed attempt is forgotten once it has failed: the next call tries again.
   */
  load: () => Promise<T>
  /** The module once it has loaded, else null. */
  current: () => T | null
  status: () => LoadStatus
  /** Calls `listener` whenever the status changes; returns the way to stop. */
  subscribe: (listener: () => void) => () => void
}

/**
 * Loads a module with `importer` when first asked, for useSyncExternalStore. Only a success is
 * kept: a rejected import (a dropped connection, a blocked download) is not cached, so the
 * next `load` (a "Try again" button, the next page that needs it) fetches it again.
 */
export function moduleLoader<T>(importer: () => Promise<T>): ModuleLoader<T> {
  let loaded: T | null = null
  let attempt: Promise<T> | null = null
  let status: LoadStatus = 'loading'
  const listeners = new Set<() => void>()

  function setStatus(next: LoadStatus) {
    if (status === next) return
    status = next
    for (const listener of listeners) listener()
  }

  function load(): Promise<T> {
    if (attempt) return attempt
    // A synchronous throw of the importer counts as a failed attempt too.
    const current = new Promise<T>((resolve) => resolve(importer())).then(
      (module) => {
        loaded = module
        setStatus('ready')
        return module
      },
      (error: unknown) => {
        if (attempt === current) attempt = null
        setStatus('failed')
        throw error
      },
    )
    attempt = current
    return current
  }

  return {
    load,
    current: () => loaded,
    status: () => status,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
