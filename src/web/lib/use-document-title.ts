import { usePageHead } from './use-page-head';

/** Names the tab "<page> | Neighbourly" (or just the product name); a page that says more about itself calls usePageHead. */
export function useDocumentTitle(pageTitle?: string): void {
  usePageHead({ title: pageTitle });
}
