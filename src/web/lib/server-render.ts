// What a page rendered on the server reports back besides its HTML: how it names itself (its head)
// and its status.
import { createContext, useContext } from 'react';
import type { PageHead } from './page-head';

export type ServerRenderReport = {
  /** The public address the page is served at (PUBLIC_URL), for the absolute links in its head. */
  readonly origin: string;
  /** What the page said about itself (usePageHead); the last page to say it wins. */
  readonly head: () => PageHead | undefined;
  /** 404 when the page is the not-found page, 410 when what it shows was removed. */
  readonly status: () => number | undefined;
  readonly setHead: (head: PageHead) => void;
  readonly setStatus: (status: number) => void;
};

export function createServerRenderReport(origin: string): ServerRenderReport {
  let head: PageHead | undefined;
  let status: number | undefined;
  return {
    origin,
    head: () => head,
    status: () => status,
    setHead: (value) => {
      head = value;
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
