// What a page rendered on the server reports back besides its HTML: its title and its status.
import { createContext, useContext } from 'react';

export type ServerRenderReport = {
  /** The tab title the page asked for (useDocumentTitle). */
  readonly title: () => string | undefined;
  /** 404 when the page is the not-found page. */
  readonly status: () => number | undefined;
  readonly setTitle: (title: string) => void;
  readonly setStatus: (status: number) => void;
};

export function createServerRenderReport(): ServerRenderReport {
  let title: string | undefined;
  let status: number | undefined;
  return {
    title: () => title,
    status: () => status,
    setTitle: (value) => {
      title = value;
    },
    setStatus: (value) => {
      status = value;
    },
  };
}

export const ServerRenderContext = createContext<ServerRenderReport | null>(null);

/** The report of the page being rendered on the server; null in the browser. */
export function useServerRenderReport(): ServerRenderReport | null {
  return useContext(ServerRenderContext);
}
