import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { common } from '#shared/messages/common.ts';
import { toast } from '#web/components/ui/toast.ts';

type DialogModule<P> = { default: ComponentType<P> };
type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Renders nothing once its child threw, and says so once (a dialog's module that did not load). */
class LoadFailureBoundary extends Component<{ onFailure: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFailure();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A dialog that opens on a click, loaded when it is first opened (DESIGN.md section 9): the public
 * pages hydrate without Radix's dialog stack, the dialog's form and the schema of its request.
 * Until then nothing renders, as a closed Radix dialog renders nothing, so the server's markup and
 * the hydrated one stay the same. Once opened it stays mounted (its closing animation, its focus
 * return). `preload` starts the import ahead: the opening button calls it on pointerenter and focus
 * (`preloadOn`), so a mouse or keyboard user seldom waits for the module.
 *
 * A module that cannot load (the connection dropped, or a new version was deployed and the old
 * file is gone) does not take the page down: the dialog stays closed, a toast says it could not
 * open, and the next opening asks for the module again.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<DialogModule<P>>) {
  let loading: Promise<DialogModule<P>> | undefined;
  const start = (): Promise<DialogModule<P>> => {
    // A failed import is asked for again by the next preload or opening.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
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
      toast.error(common.dialogUnavailable);
      props.onOpenChange(false);
    };
    return (
      <LoadFailureBoundary key={attempt} onFailure={failed}>
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </LoadFailureBoundary>
    );
  }

  const preload = () => void start().catch(() => undefined);
  return Object.assign(LazyDialog, { preload, preloadOn: { onPointerEnter: preload, onFocus: preload } });
}
