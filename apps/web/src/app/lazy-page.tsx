import { type ComponentType, type JSX, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: a page's props are whatever its component declares.
type Page<P = any> = ComponentType<P> & { preload: () => Promise<unknown> };

const pages: Page[] = [];

/**
 * A page whose code is fetched when it is first shown, so the first load carries only the shell and
 * the page asked for. A layout's Suspense boundary shows the loading text meanwhile. Once fetched, the
 * page renders directly, without suspending again.
 */
export function lazyPage<M, P>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): Page<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = pick(module);
      return loaded;
    });
    return pending;
  };
  const Suspending = lazy(async () => ({ default: await preload() }));
  function LazyPage(props: P) {
    const Component = loaded ?? Suspending;
    return <Component {...(props as P & JSX.IntrinsicAttributes)} />;
  }
  const page = Object.assign(LazyPage, { preload });
  pages.push(page);
  return page;
}

/** Fetches every page, e.g. before tests render the route table synchronously. */
export function preloadPages() {
  return Promise.all(pages.map((page) => page.preload()));
}
