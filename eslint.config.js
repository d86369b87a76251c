// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { resolverResponses } from './scripts/lint/resolver-responses.mjs';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'src/generated/',
      'client/generated/',
      'client/dist/',
      '.data/',
      'coverage/',
      'dist/',
      'web/dist/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Every switch over a union names each of its members (a `default` does not count, so a new
    // actor kind, move or event fails here even where a default would swallow it); a switch over
    // a plain string or number has a `default`. The compiler checks the same where a switch ends in
    // `assertNever` or its function's return type leaves no way out; this rule needs no such end.
    // Typed linting, for src/ only: the rule reads each discriminant's type.
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: true },
      ],
    },
  },
  {
    // Sizes a reader can hold in mind: a hand-written source file of at most 300 lines and a
    // function of at most 60 (blank lines and comments not counted). Generated code is ignored above.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Every outgoing shape is built in src/render: a resolver returns what a render function made,
    // never an object literal of its own (scripts/lint/resolver-responses.mjs says how it looks).
    files: ['src/resolvers/**/*.ts'],
    plugins: { zonekeeper: { rules: { 'resolver-responses': resolverResponses } } },
    rules: { 'zonekeeper/resolver-responses': 'error' },
  },
  {
    // Plain Node scripts (TypeScript files get Node's globals from @types/node).
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
