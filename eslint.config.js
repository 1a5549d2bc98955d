import neostandard from 'neostandard'

export default [
  ...neostandard({
    ts: true,
    ignores: ['**/dist/**', '**/node_modules/**', '.tools/**', 'coverage/**', '.tap/**', 'test-output/**']
  }),
  {
    files: ['**/*.ts'],
    rules: {
      // TypeBox pairs each schema value with a type of the same name; TypeScript checks real redeclarations.
      '@typescript-eslint/no-redeclare': 'off'
    }
  }
]
