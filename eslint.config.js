// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsdoc from 'eslint-plugin-jsdoc';

export default tseslint.config(
  // Import cycles are checked by dpdm (npm run lint:cycles): eslint-plugin-import-x pulls in
  // unrs-resolver, whose per-platform optional bindings npm 11 leaves out of the lock file, which
  // then fails `npm ci` on a clean checkout.
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.bench-tmp/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // isolatedDeclarations requires the annotations this rule would remove.
      '@typescript-eslint/no-inferrable-types': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { jsdoc },
    rules: {
      'jsdoc/require-jsdoc': [
        'error',
        {
          publicOnly: true,
          require: { FunctionDeclaration: true, ClassDeclaration: true },
          contexts: [
            'TSInterfaceDeclaration',
            'TSTypeAliasDeclaration',
            'ExportNamedDeclaration > VariableDeclaration',
          ],
        },
      ],
      'no-console': 'error',
      // Only src/aiwrapper may import the peer dependency: the core must work without it.
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'aiwrapper', message: 'Only src/aiwrapper/ may import aiwrapper.' }],
          patterns: [
            { regex: '^aiwrapper/', message: 'Only src/aiwrapper/ may import aiwrapper.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/aiwrapper/**/*.ts', 'src/register.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Vitest's asymmetric matchers (expect.objectContaining, …) are typed `any`.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
