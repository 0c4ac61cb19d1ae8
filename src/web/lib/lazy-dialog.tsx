import { lazy, Suspense, useState, type ComponentType } from 'react';
import { common } from '#shared/messages/common.ts';
import { toast } from '#web/components/ui/toast.ts';
import { FailureBoundary } from './failure-boundary.tsx';

type DialogModule<P> = { default: ComponentType<P> };
type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * A dialog that opens on a click, loaded when it is first opened (DESIGN.md section 9): the public
 * pages hydrate without Radix's dialog stack, the dialog's form and the schema of its request.
 * Until then nothing renders, as a closed Radix dialog renders nothing, so the server's markup and
 * the hydrated one stay the same. Once opened it stays mounted (its closing animation, its focus
 * return). `preload` starts the import ahead: the opening button calls it on pointerenter and focus
 * (`preloadOn`), so a mouse or keyboard user seldom waits for the module.
 *
 * A module that cannot load (the connection dropped, or a new version was deployed and the old
 * file is gone) does not take the page down: the dialog stays closed and a toast says so, with a
 * button that reloads the page. Browsers keep a failed dynamic import for the page's life
 * (whatwg/html#6768), so the reload is what gets the module; the next opening asks again all the
 * same, for the browsers that do retry. An error inside a loaded dialog is not a load failure and
 * goes on to the route's error boundary.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<DialogModule<P>>) {
  let loading: Promise<DialogModule<P>> | undefined;
  const loadFailures = new WeakSet<object>();
  const start = (): Promise<DialogModule<P>> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      if (typeof error === 'object' && error !== null) loadFailures.add(error);
      throw error;
    });
    return loading;
  };
  const isLoadFailure = (error: unknown) => typeof error === 'object' && error !== null && loadFailures.has(error);
  // React.lazy keeps a failure for good: after one, the next opening gets a fresh one.
  let Loaded = lazy(start);

  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    const [attempt, setAttempt] = useState(0);
    // After a failure the dialog waits to be closed (onOpenChange below) before it may open again.
    const [failedWhileOpen, setFailedWhileOpen] = useState(false);
    // Adjusting state while rendering (React's pattern for state derived from a prop): the first
    // opening mounts the module in the same render.
    if (failedWhileOpen && !props.open) setFailedWhileOpen(false);
    if (props.open && !opened && !failedWhileOpen) setOpened(true);
    if (!opened || failedWhileOpen) return null;
    const failed = () => {
      Loaded = lazy(start);
      setOpened(false);
      setFailedWhileOpen(true);
      setAttempt((count) => count + 1);
      toast.error(common.dialogUnavailable, {
        action: { label: common.reloadPage, onClick: () => window.location.reload() },
      });
      props.onOpenChange(false);
    };
    return (
      <FailureBoundary key={attempt} catches={isLoadFailure} onCaught={failed}>
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </FailureBoundary>
    );
  }

  const preload = () => void start().catch(() => undefined);
  return Object.assign(LazyDialog, { preload, preloadOn: { onPointerEnter: preload, onFocus: preload } });
}
