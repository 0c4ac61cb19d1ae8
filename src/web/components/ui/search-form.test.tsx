import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchForm } from './search-form.tsx';

const props = { id: 'q', label: 'Rechercher', placeholder: 'Un mot', buttonLabel: 'Rechercher' };

describe('SearchForm', () => {
  it('searches the trimmed text typed in the field', async () => {
    const onSearch = vi.fn();
    render(<SearchForm {...props} onSearch={onSearch} />);
    await userEvent.type(screen.getByRole('searchbox'), '  deuil {Enter}');
    expect(onSearch).toHaveBeenCalledWith('deuil');
  });

  it('searches what the field holds even when React never saw it typed (words typed before hydration)', () => {
    const onSearch = vi.fn();
    render(<SearchForm {...props} onSearch={onSearch} />);
    const field = screen.getByRole<HTMLInputElement>('searchbox');
    // The server-rendered field took the words before React listened: no input event reached it.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, 'burn-out');
    fireEvent.submit(field.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith('burn-out');
  });

  it('is a GET form to its action, so it works before the app has started', () => {
    render(<SearchForm {...props} action="/recherche" onSearch={vi.fn()} />);
    const form = screen.getByRole('search');
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/recherche');
    expect(screen.getByRole('searchbox').getAttribute('name')).toBe('search');
  });
});
