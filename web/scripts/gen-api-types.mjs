// Regenerates src/lib/api-types.ts from openapi.json (which the API's tests keep equal to the
// served document). src/lib/api-types.test.ts fails when the committed file drifts.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderApiTypes } from './render-api-types.mjs'

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const schema = JSON.parse(readFileSync(path.join(web, 'openapi.json'), 'utf8'))
writeFileSync(path.join(web, 'src/lib/api-types.ts'), await renderApiTypes(schema))
console.log('wrote src/lib/api-types.ts')
