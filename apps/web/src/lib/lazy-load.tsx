import {
  type ComponentType,
  isValidElement,
  type JSX,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

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

/** Fetches the code of the page an element shows, when that page is a lazy one. */
export function preloadPage(element: ReactNode): Promise<unknown> {
  if (!isValidElement(element)) return Promise.resolve();
  const page = pages.find((candidate) => candidate === element.type);
  return page ? page.preload() : Promise.resolve();
}

/**
 * A modal whose code is fetched when it first opens, so a page's chunk does not carry the dialogs it
 * shows closed. Until then it renders nothing, as a closed modal does; once opened it stays mounted,
 * like a modal imported up front. Focus still moves in when it shows and back when it closes (Modal).
 */
export function lazyModal<M, P extends { open: boolean }>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  const Dialog = lazyPage(load, pick);
  return function LazyModal(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}

/**
 * Fetches every page and modal, e.g. before tests render the route table synchronously. A page's
 * module declares its modals when it loads, so this repeats until nothing new turned up.
 */
export async function preloadPages() {
  let done = 0;
  while (done < pages.length) {
    done = pages.length;
    await Promise.all(pages.map((page) => page.preload()));
  }
}
