// Renders TypeScript types for an OpenAPI document with openapi-typescript.
import openapiTS, { astToString } from 'openapi-typescript'

const banner = '// Generated from web/openapi.json by `npm run gen:api`. Do not edit by hand.\n'

export async function renderApiTypes(schema) {
  const ast = await openapiTS(schema, { alphabetize: true })
  return banner + astToString(ast)
}
