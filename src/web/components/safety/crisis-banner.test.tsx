import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { crisisHelp, crisisNumbers } from '#shared/messages/crisis.ts';
import { CrisisBanner, CrisisHelpToggle } from './crisis-banner.tsx';

describe('CrisisBanner', () => {
  it('offers 15, 3114 and 112 as tel: links, each described by its one line', () => {
    render(<CrisisBanner />);
    const banner = screen.getByRole('group', { name: crisisHelp.title });
    expect(within(banner).getByText(crisisHelp.intro)).toBeInTheDocument();
    const links = within(banner).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['tel:15', 'tel:3114', 'tel:112']);
    for (const entry of crisisNumbers) {
      const link = within(banner).getByRole('link', { name: entry.call });
      expect(link).toHaveAttribute('href', `tel:${entry.number}`);
      expect(link).toHaveAccessibleDescription(entry.text);
    }
    // Shown without a reason (the "always reachable" banner), it does not say a message matched.
    expect(within(banner).queryByText(crisisHelp.matched)).not.toBeInTheDocument();
  });

  it('says why it shows when a message matched', () => {
    render(<CrisisBanner matched />);
    expect(within(screen.getByRole('group', { name: crisisHelp.title })).getByText(crisisHelp.matched)).toBeVisible();
  });

  it('keeps the descriptions apart when two banners share a page', () => {
    render(
      <>
        <CrisisBanner />
        <CrisisBanner matched />
      </>,
    );
    const [first, second] = screen.getAllByRole('link', { name: crisisNumbers[1].call });
    expect(first).toHaveAccessibleDescription(crisisNumbers[1].text);
    expect(second).toHaveAccessibleDescription(crisisNumbers[1].text);
    expect(first!.getAttribute('aria-describedby')).not.toBe(second!.getAttribute('aria-describedby'));
  });
});

describe('CrisisHelpToggle', () => {
  it('opens the banner in place from a discreet button, and hides it again', async () => {
    const user = userEvent.setup();
    render(<CrisisHelpToggle />);
    const button = screen.getByRole('button', { name: crisisHelp.open });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: crisisHelp.title })).not.toBeInTheDocument();

    await user.click(button);
    const banner = screen.getByRole('group', { name: crisisHelp.title });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName(crisisHelp.close);
    expect(button).toHaveAttribute('aria-controls', banner.id);
    expect(within(banner).getByRole('link', { name: crisisNumbers[1].call })).toHaveAttribute('href', 'tel:3114');

    await user.click(button);
    expect(screen.queryByRole('group', { name: crisisHelp.title })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
