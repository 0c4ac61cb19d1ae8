import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Kebab-case file names (STYLE.md habit 9); a local rule is lighter than a plugin. */
const kebabCaseFiles = {
  meta: { type: 'suggestion', schema: [], messages: { kebab: 'File names are kebab-case: {{name}}' } },
  create(context) {
    const name = context.filename.split(/[\\/]/).pop() ?? '';
    const base = name
      .replace(/\.(d\.)?[cm]?[jt]sx?$/, '')
      .replace(/\.(test|unit\.test|spec|routes|service|repository)$/, '');
    return {
      Program(node) {
        // A leading dot is allowed for tool configs such as .dependency-cruiser.cjs.
        if (!/^\.?[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/.test(base)) {
          context.report({ node, messageId: 'kebab', data: { name } });
        }
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { local: { rules: { 'kebab-case-files': kebabCaseFiles } } },
    rules: {
      'local/kebab-case-files': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A }` alone stays as `import {}` under verbatimModuleSyntax, a run-time edge that
      // dependency-cruiser's no-circular takes for type-only: write `import type { A }` instead.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Import boundaries and cycles are checked by dependency-cruiser (.dependency-cruiser.cjs, part of `npm run lint`).
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/server/cli/**', 'src/server/main.ts', 'scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
