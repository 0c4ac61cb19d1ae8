import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { common } from '#shared/messages/common.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { FailureBoundary } from './failure-boundary.tsx';
import { lazyDialog } from './lazy-dialog.tsx';

type PanelProps = { open: boolean; onOpenChange: (open: boolean) => void };

function Panel({ open }: PanelProps) {
  return open ? <div role="dialog" aria-label="Signaler" /> : null;
}

/** A dialog module whose first download fails (a cut connection, a file gone after a deploy). */
function failingOnce() {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: Panel };
  });
  return { Dialog: lazyDialog(load), load };
}

function Page({ Dialog }: { Dialog: ReturnType<typeof failingOnce>['Dialog'] }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <p>Le profil reste là</p>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      <span data-testid="state">{open ? 'ouvert' : 'fermé'}</span>
      <Dialog open={open} onOpenChange={setOpen} />
      <Toaster />
    </main>
  );
}

describe('lazyDialog', () => {
  it('keeps the page when the module cannot load, says so, closes, and loads it again on the next opening', async () => {
    // React reports the caught error on the console; the page itself must not go.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Dialog, load } = failingOnce();
    render(<Page Dialog={Dialog} />);

    screen.getByRole('button', { name: 'Ouvrir' }).click();
    expect(await screen.findByText(common.dialogUnavailable)).toBeInTheDocument();
    // Browsers keep a failed import for the page's life: the toast offers the reload that fixes it.
    expect(screen.getByRole('button', { name: common.reloadPage })).toBeInTheDocument();
    expect(screen.getByText('Le profil reste là')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('fermé'));
    expect(screen.queryByRole('dialog')).toBeNull();

    screen.getByRole('button', { name: 'Ouvrir' }).click();
    expect(await screen.findByRole('dialog', { name: 'Signaler' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    consoleError.mockRestore();
  });

  it('lets an error inside a loaded dialog go on to the boundary above: it is no load failure', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(_props: PanelProps): never {
      throw new RangeError('a bug in the dialog');
    }
    const Dialog = lazyDialog(async () => ({ default: Broken }));
    render(
      <FailureBoundary catches={(error) => error instanceof RangeError}>
        <Dialog open onOpenChange={() => undefined} />
        <p>La page</p>
      </FailureBoundary>,
    );
    await waitFor(() => expect(screen.queryByText('La page')).toBeNull());
    expect(screen.queryByText(common.dialogUnavailable)).toBeNull();
    consoleError.mockRestore();
  });
});
