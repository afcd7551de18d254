// Pages that load in their own chunk the first time they are shown, so the first page a visitor
// opens downloads only its own code. Every page of the route table (app/routes.ts) is one of these;
// the landing page's code ships with the app itself (includedPage).
import { type ComponentType, type ReactElement, createElement, use } from 'react';

/** A page in its own chunk: it suspends only while its code is on the way, and can be fetched ahead. */
export type LazyPage<Props> = ((props: Props) => ReactElement) & { preload: () => Promise<unknown> };
type Preloadable = { preload: () => Promise<unknown> };

/** Every lazily loaded page, for a server render, which loads them all once. */
const everyPage: Preloadable[] = [];

function pageFrom<Props extends object>(name: string, load: () => Promise<ComponentType<Props>>, included: ComponentType<Props> | null): LazyPage<Props> {
  let loaded: ComponentType<Props> | null = included;
  let pending: Promise<ComponentType<Props>> | null = included ? Promise.resolve(included) : null;
  // A failed download (a dropped connection, a release whose files are gone) stays failed, as with
  // React.lazy, so the page's error screen shows instead of asking again on every render; loading
  // the page again starts afresh.
  const preload = () => (pending ??= load().then((component) => (loaded = component)));
  function Page(props: Props) {
    return createElement(loaded ?? use(preload()), props);
  }
  Page.displayName = name;
  const page = Object.assign(Page, { preload });
  everyPage.push(page);
  return page;
}

/**
 * Like React.lazy, except that a page whose code has arrived renders at once. React.lazy suspends
 * on a page's first render even when its chunk is already loaded, and React then holds back the
 * page for up to 300 ms after the fallback shows (its Suspense throttling); fetched ahead with
 * preload(), a page here never shows the fallback at all.
 */
export function lazyPage<Props extends object, Name extends string>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name): LazyPage<Props> {
  return pageFrom(name, () => load().then((module) => module[name]), null);
}

/** A page whose code is part of the app's own chunk (the landing page, where most visits begin): never waits. */
export function includedPage<Props extends object>(component: ComponentType<Props>): LazyPage<Props> {
  return pageFrom(component.displayName ?? component.name, () => Promise.resolve(component), component);
}

/**
 * Loads every page's code (a server render does this once, so no page suspends there), including
 * the parts a loaded page itself loads lazily (the admin tools).
 */
export async function preloadAllPages(): Promise<void> {
  let loaded = 0;
  while (loaded < everyPage.length) {
    const pending = everyPage.slice(loaded);
    loaded = everyPage.length;
    await Promise.all(pending.map((page) => page.preload()));
  }
}
