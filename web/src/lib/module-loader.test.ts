import { describe, expect, it, vi } from 'vitest'

import { moduleLoader } from '@/lib/module-loader'
import { pricingLoader, PricingUnavailableError } from '@/lib/pricing'

/** An importer that fails `failures` times (as a blocked download does), then gives `module`. */
function flakyImporter<T>(module: T, failures: number) {
  let calls = 0
  return vi.fn(() => {
    calls += 1
    return calls <= failures ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(module)
  })
}

describe('moduleLoader', () => {
  it('is loading before it is asked, and imports once however often it is asked', async () => {
    const importer = flakyImporter({ answer: 42 }, 0)
    const loader = moduleLoader(importer)
    expect(loader.status()).toBe('loading')
    expect(loader.current()).toBeNull()
    expect(importer).not.toHaveBeenCalled()

    const [first, second] = await Promise.all([loader.load(), loader.load()])
    expect(first).toEqual({ answer: 42 })
    expect(second).toBe(first)
    await loader.load()
    expect(importer).toHaveBeenCalledTimes(1)
    expect(loader.status()).toBe('ready')
    expect(loader.current()).toBe(first)
  })

  it('does not keep a failed import: the next load imports again and can succeed', async () => {
    const importer = flakyImporter({ answer: 42 }, 1)
    const loader = moduleLoader(importer)
    const seen: string[] = []
    loader.subscribe(() => seen.push(loader.status()))

    await expect(loader.load()).rejects.toThrow('Failed to fetch')
    expect(loader.status()).toBe('failed')
    expect(loader.current()).toBeNull()

    const retry = loader.load()
    expect(loader.status()).toBe('failed')
    await expect(retry).resolves.toEqual({ answer: 42 })
    expect(importer).toHaveBeenCalledTimes(2)
    expect(loader.status()).toBe('ready')
    // Listeners heard the failure, then the success; the status stayed 'failed' during the retry.
    expect(seen).toEqual(['failed', 'ready'])
  })

  it('stays failed while a retry fails again, and loads on the attempt after', async () => {
    const importer = flakyImporter('module', 2)
    const loader = moduleLoader(importer)
    await expect(loader.load()).rejects.toThrow()
    await expect(loader.load()).rejects.toThrow()
    expect(loader.status()).toBe('failed')
    await expect(loader.load()).resolves.toBe('module')
    expect(importer).toHaveBeenCalledTimes(3)
  })

  it('counts an importer that throws at once as a failed attempt', async () => {
    const loader = moduleLoader<number>(() => {
      throw new Error('no module')
    })
    await expect(loader.load()).rejects.toThrow('no module')
    expect(loader.status()).toBe('failed')
  })

  it('stops telling a listener once it unsubscribed', async () => {
    const loader = moduleLoader(flakyImporter('module', 0))
    const listener = vi.fn()
    const stop = loader.subscribe(listener)
    stop()
    await loader.load()
    expect(listener).not.toHaveBeenCalled()
  })
})

describe('pricingLoader', () => {
  it('rejects with PricingUnavailableError naming the cause, then loads the wasm on the next attempt', async () => {
    const wasm = await import('@/wasm/pkg/pricing')
    const importer = flakyImporter(wasm, 1)
    const loader = pricingLoader(importer)

    const failure = await loader.load().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(PricingUnavailableError)
    expect((failure as PricingUnavailableError).cause).toBeInstanceOf(TypeError)
    expect(loader.status()).toBe('failed')

    const loaded = await loader.load()
    expect(loaded.formatInr(123456.5)).toBe('₹1,23,456.50')
    expect(loader.status()).toBe('ready')
    expect(importer).toHaveBeenCalledTimes(2)
  })
})
