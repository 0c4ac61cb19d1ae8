import { lazy, Suspense, useState, type ComponentType } from 'react';

type DialogModule<P> = { default: ComponentType<P> };

/**
 * A dialog that opens on a click, loaded when it is first opened (DESIGN.md section 9): the public
 * pages hydrate without Radix's dialog stack, the dialog's form and the schema of its request.
 * Until then nothing renders, as a closed Radix dialog renders nothing, so the server's markup and
 * the hydrated one stay the same. Once opened it stays mounted (its closing animation, its focus
 * return). `preload` starts the import ahead: the opening button calls it on pointerenter and focus
 * (`preloadOn`), so a mouse or keyboard user seldom waits for the module.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<DialogModule<P>>) {
  let loading: Promise<DialogModule<P>> | undefined;
  const start = (): Promise<DialogModule<P>> => {
    // A failed import (network) is asked for again by the next preload. React.lazy keeps its own
    // failure: a dialog that could not load shows the route's error page (not retried in place).
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Loaded = lazy(start);

  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Adjusting state while rendering (React's pattern for state derived from a prop): the first
    // opening mounts the module in the same render.
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }

  const preload = () => void start().catch(() => undefined);
  return Object.assign(LazyDialog, { preload, preloadOn: { onPointerEnter: preload, onFocus: preload } });
}
