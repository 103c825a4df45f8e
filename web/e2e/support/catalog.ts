import { type APIRequestContext, expect } from '@playwright/test'
import { deflateSync } from 'node:zlib'

import type { CategoryEnvelope, ProductEnvelope, ProductMatches } from '../../src/lib/api-schemas'
import { adminToken, BOOTSTRAP_ADMIN } from './accounts'

/** A short lower-case tag no other test uses, to make names unique and findable by search. */
export function uniqueTag() {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  let tag = 'zq'
  for (let index = 0; index < 5; index += 1) tag += letters[Math.floor(Math.random() * letters.length)]
  return tag
}

/** en-IN rupee text with two decimals, as the shop shows prices: 1249.5 -> "₹1,249.50". */
export function inr(amount: number) {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount)
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer) {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A real, decodable PNG of one solid RGB colour. */
export function solidPng(width: number, height: number, [red, green, blue]: readonly [number, number, number]) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  const row = Buffer.alloc(1 + width * 3) // filter byte 0, then the pixels
  for (let x = 0; x < width; x += 1) row.set([red, green, blue], 1 + x * 3)
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A PNG file for a multipart form or `setInputFiles`. */
export function pngFile(name: string, colour: readonly [number, number, number], size = 40) {
  return { name, mimeType: 'image/png', buffer: solidPng(size, size, colour) }
}

/** The bootstrap admin's token, for seeding. */
export function seedToken(request: APIRequestContext) {
  return adminToken(request, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
}

/** Creates a category through the API. */
export async function createCategory(request: APIRequestContext, token: string, name: string, description = '') {
  const response = await request.post('/api/v1/categories', {
    data: { name, description },
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as CategoryEnvelope).category
}

export type NewProduct = {
  title: string
  company: string
  description: string
  sellingPrice: number
  price: number
  stock: number
  /** The category's name. */
  category: string
  featured?: boolean
  images?: ReturnType<typeof pngFile>[]
}

/** Creates a product through the API's multipart form. */
export async function createProduct(request: APIRequestContext, token: string, product: NewProduct) {
  const multipart: Record<string, string | ReturnType<typeof pngFile>> = {
    title: product.title,
    company: product.company,
    description: product.description,
    sellingPrice: String(product.sellingPrice),
    price: String(product.price),
    stock: String(product.stock),
    category: product.category,
    featured: String(product.featured ?? false),
  }
  product.images?.forEach((file, index) => {
    multipart[`image${index + 1}`] = file
  })
  const response = await request.post('/api/v1/products', {
    multipart,
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as ProductEnvelope).product
}

/** GET /products/{id}: the product, or null once it is gone. */
export async function fetchProduct(request: APIRequestContext, id: string) {
  const response = await request.get(`/api/v1/products/${encodeURIComponent(id)}`)
  if (response.status() === 404) return null
  expect(response.status()).toBe(200)
  return ((await response.json()) as ProductEnvelope).product
}

/** GET /products/search?q=: the products whose title or company contains `q`. */
export async function searchProducts(request: APIRequestContext, q: string) {
  const response = await request.get(`/api/v1/products/search?q=${encodeURIComponent(q)}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as ProductMatches).data
}

/** The shop's delivery terms the tests run with: the server's defaults (DELIVERY_FEE, DELIVERY_FREE_FROM). */
export const DELIVERY = { fee: 49, freeFrom: 499 } as const

/** What delivery adds to goods worth `goods` (after discounts) under those terms. */
export function deliveryFor(goods: number): number {
  return goods >= DELIVERY.freeFrom ? 0 : DELIVERY.fee
}
