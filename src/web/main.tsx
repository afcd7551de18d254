import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadMemberRoutes } from './app/lazy-pages';
import { readAuthToken } from './lib/auth-token';
import './styles.css';

// The pages' CSP allows no eval, so zod must not compile its parsers with new Function: even its
// caught probe for eval is reported as a CSP violation. zod reads this shared setting (the one
// z.config writes) when the lazily loaded schemas are made; setting it here keeps zod itself out
// of the first download.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// A stored token: the members' pages load while the session is checked, not after.
if (readAuthToken()) void loadMemberRoutes();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
