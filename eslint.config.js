import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = './src/web';
/** The web app's features: each may use domain, components, lib, shared and its own folder, never another feature. */
const features = readdirSync(new URL('./src/web/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The server's features; db, http and services are the layers every feature stands on. */
const serverLayers = ['db', 'http', 'services'];
const serverFeatures = readdirSync(new URL('./src/server/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverLayers.includes(entry.name))
  .map((entry) => entry.name);
/** Where the app is put together: only these compose features (the router, the two ways into the app). */
const composition = [`${web}/app`, `${web}/main.tsx`, `${web}/entry-server.tsx`];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Boundaries (docs/decisions/0013-web-layout.md): the layers below may not reach up, features may
  // not reach sideways, and nothing imports in a circle.
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/domain/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript's extensions and parser for the files an import names (no-cycle reads them too).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/domain', from: ['./src/web', './src/server'], message: 'src/domain is pure and shared by both sides: it imports neither the web app nor the server.' },
            { target: web, from: './src/server', message: 'The web app talks to the server over HTTP only.' },
            {
              target: `${web}/lib`,
              from: [`${web}/components`, `${web}/shared`, `${web}/features`, ...composition],
              message: 'lib/ is the app\'s plumbing: it imports only domain and lib.',
            },
            {
              target: `${web}/components`,
              from: [`${web}/shared`, `${web}/features`, ...composition],
              message: 'components/ is shared UI with no feature knowledge: it imports only domain, lib and components.',
            },
            {
              target: `${web}/shared`,
              from: [`${web}/features`, ...composition],
              message: 'shared/ serves several features: it imports only domain, components, lib and shared.',
            },
            { target: `${web}/features`, from: composition, message: 'Features do not import the app: app/ composes them.' },
            ...features.map((feature) => ({
              target: `${web}/features/${feature}`,
              from: `${web}/features`,
              except: [`./${feature}`],
              message: 'A feature never imports another feature: move what both need into shared/ (or lib/, components/), and let app/ compose them.',
            })),
          ],
        },
      ],
    },
  },
  // The server (docs/decisions/0014-server-composition.md): a feature reaches another only through
  // its public index.ts; app.ts and main.ts compose; nothing imports in a circle.
  {
    files: ['src/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'] })],
      // Packages are not read: a circle can only run through our own files.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverFeatures.map((feature) => ({
            target: `./src/server/${feature}`,
            from: './src/server',
            except: [
              `./${feature}`,
              ...serverLayers.map((layer) => `./${layer}`),
              './config.ts',
              './deps.ts',
              './project-paths.ts',
              ...serverFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
            ],
            message: 'A server feature reaches another only through its index.ts (and the db, http and services layers).',
          })),
        },
      ],
    },
  },
);
