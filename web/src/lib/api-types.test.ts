// Fails when src/lib/api-types.ts no longer matches openapi.json (run `npm run gen:api`).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs helper shared with the generator script
import { renderApiTypes } from '../../scripts/render-api-types.mjs'

it('the committed API types match the OpenAPI document', async () => {
  const web = path.resolve(__dirname, '../..')
  const schema = JSON.parse(readFileSync(path.join(web, 'openapi.json'), 'utf8'))
  const committed = readFileSync(path.join(web, 'src/lib/api-types.ts'), 'utf8')
  expect(committed, 'src/lib/api-types.ts is stale: run `npm run gen:api`').toBe(await renderApiTypes(schema))
})
