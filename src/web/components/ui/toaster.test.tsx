import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster, toast } from './toaster.tsx';

describe('toasts through the facade', () => {
  it('loads sonner with the first toast only, then shows every toast asked for, in order', async () => {
    const { container } = render(<Toaster />);
    // Nothing of sonner before a toast is asked for: the first paint does without it.
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    act(() => {
      toast.success('Offre publiée');
      toast.error('Connexion perdue', { description: 'Nouvel essai dans un instant' });
    });
    // The first toast waits for sonner's chunk (slow to transform on a loaded test machine).
    expect(await screen.findByText('Offre publiée', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(await screen.findByText('Connexion perdue')).toBeInTheDocument();
    expect(screen.getByText('Nouvel essai dans un instant')).toBeInTheDocument();
    expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull();

    // Once sonner is there, a toast goes straight to it.
    act(() => toast('Profil enregistré'));
    expect(await screen.findByText('Profil enregistré')).toBeInTheDocument();
  });
});
