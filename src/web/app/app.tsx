import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { ServerAuthTokenContext } from '@/lib/auth-token';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';
import { ServerRenderContext, type ServerRenderReport } from '@/lib/server-render';

/** A page request being rendered on the server: its address, its member's token, what it reports. */
export type ServerRequest = {
  path: string;
  search: string;
  token: string | null;
  report: ServerRenderReport;
  /** Where a <Redirect> rendered on the server points (wouter's server context). */
  redirect: { redirectTo?: string };
};

/** The whole app; the server renders the same tree the browser then hydrates. */
export function App({ client, server }: { client: QueryClient; server?: ServerRequest }) {
  const routerProps = server ? { ssrPath: server.path, ssrSearch: server.search, ssrContext: server.redirect } : {};
  return (
    <ServerRenderContext value={server?.report ?? null}>
      <ServerAuthTokenContext value={server?.token}>
        <Router {...routerProps}>
          <AppProviders client={client}>
            <AppRoutes />
          </AppProviders>
        </Router>
      </ServerAuthTokenContext>
    </ServerRenderContext>
  );
}
