import { useEffect } from 'react';
import { productName } from '../../domain';
import { useServerRenderReport } from './server-render';

function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} · ${productName}` : productName;
}

/** Sets the tab title as "<page> · Neighbourly" (or just the product name). */
export function useDocumentTitle(pageTitle?: string): void {
  // Rendered on the server, the title goes into the page's <title> (effects do not run there).
  const serverReport = useServerRenderReport();
  serverReport?.setTitle(documentTitle(pageTitle));
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
