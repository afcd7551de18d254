import { useEffect } from 'react';
import { productName } from '../../domain';

/** Sets the tab title as "<page> · Neighbourly" (or just the product name). */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${productName}` : productName;
  }, [pageTitle]);
}
