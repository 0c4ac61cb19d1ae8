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
        if (!/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/.test(base)) {
          context.report({ node, messageId: 'kebab', data: { name } });
        }
      },
    };
  },
};

const zone = (patterns, message) => ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }];

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
      // Import cycles are checked by scripts/check-import-cycles.mjs (part of `npm run lint`).
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  // Import zones (STYLE.md habit 9).
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': zone(
        ['#server/*', '#web/*', '#tests/*', '**/server/**', '**/web/**'],
        'src/shared imports nothing of ours.',
      ),
    },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': zone(['#web/*', '**/web/**'], 'The server never imports web code.') },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': zone(
        ['#server/*', '**/server/**', '#tests/*', 'node:*'],
        'Web code never imports server or Node code.',
      ),
    },
  },
  {
    // Web features do not import each other: pages compose them.
    files: ['src/web/features/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#server/*', '**/server/**', 'node:*'], message: 'Web code never imports server or Node code.' },
            {
              regex: '^#web/features/',
              message: 'A web feature does not import another feature; compose them in a page.',
            },
          ],
        },
      ],
    },
  },
  {
    // A server module uses another module only through its service.
    files: ['src/server/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#web/*', '**/web/**'], message: 'The server never imports web code.' },
            {
              regex: '^\\.\\./[^/]+/[^/]+\\.(repository|routes)\\.ts$',
              message: 'Use the other module through its service.',
            },
          ],
        },
      ],
    },
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
