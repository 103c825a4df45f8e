// ESLint for the web app: TypeScript and React hooks rules, kebab-case file and folder names,
// and one-way imports: shared code (components, lib) -> features -> app, no feature importing
// another. `components/ui` is vendored (shadcn-style) and left as it is; generated files too.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import checkFile from 'eslint-plugin-check-file'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const appImports = { group: ['@/app', '@/app/*'], message: 'Only the app layer imports from src/app.' }

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'src/components/ui', 'src/wasm', 'src/lib/api-types.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE', 'e2e/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features', '@/features/*'], message: 'Shared code does not import features.' },
            appImports,
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/features/(?!${feature}(/|$))`,
              message: 'Features do not import each other: move shared code to components or lib.',
            },
            appImports,
          ],
        },
      ],
    },
  })),
)
