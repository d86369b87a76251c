// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    // Plain Node scripts (TypeScript files get Node's globals from @types/node).
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
