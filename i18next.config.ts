import { defineConfig } from 'i18next-cli';

/** The catalogues: English first (the one the code is written against), then Dutch. */
export default defineConfig({
  locales: ['en', 'nl'],
  extract: {
    input: ['src/**/*.{ts,tsx}'],
    ignore: ['src/**/*.test.{ts,tsx}', 'src/test-setup.ts'],
    output: 'src/locales/{{language}}/{{namespace}}.json',
    defaultNS: 'common',
    primaryLanguage: 'en',
    removeUnusedKeys: true,
    // keys the code builds from a value (`t(\`status.${variant}\`)`, SPEC 8's sentences by their
    // catalogue key): src/i18n/catalogues.test.ts checks these families against their lists
    preservePatterns: [
      'status.*',
      'live.*',
      'pull.*',
      'connection.*',
      'api.*',
      'login.*',
      'recovery.*',
      'permissions.*',
      'code.*',
      'changePassword.problem.*',
      'nav.*',
      'navShort.*',
      'chunk.*',
      'column.*',
      'field.*',
      'filters.any.*',
      'palletStatus.*',
      'orderStatus.*',
      'dateRange.*',
      'weightRange.*',
      'activity.deed.*',
    ],
  },
});
