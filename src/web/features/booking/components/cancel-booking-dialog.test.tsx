import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bookingsTab, cancellation } from '#shared/messages/bookings.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';

function setup(onConfirm = vi.fn(async () => true)) {
  const onOpenChange = vi.fn();
  render(<CancelBookingDialog open onOpenChange={onOpenChange} onConfirm={onConfirm} pending={false} />);
  return { onConfirm, onOpenChange, user: userEvent.setup() };
}

describe('CancelBookingDialog', () => {
  it('opens with focus in the reason field, so typing never hits the close button', async () => {
    const { user } = setup();
    expect(screen.getByLabelText(bookingsTab.reasonLabel)).toHaveFocus();
    await user.keyboard('Je suis malade');
    expect(screen.getByLabelText(bookingsTab.reasonLabel)).toHaveValue('Je suis malade');
  });

  it('requires a reason, and a blank one counts as none', async () => {
    const { onConfirm, user } = setup();
    await user.click(screen.getByRole('button', { name: bookingsTab.confirmCancel }));
    expect(screen.getByRole('alert')).toHaveTextContent(cancellation.reasonRequired);
    expect(screen.getByLabelText(bookingsTab.reasonLabel)).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(bookingsTab.reasonLabel), '   ');
    await user.click(screen.getByRole('button', { name: bookingsTab.confirmCancel }));
    expect(screen.getByRole('alert')).toHaveTextContent(cancellation.reasonRequired);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('clears the error as soon as the user types', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: bookingsTab.confirmCancel }));
    expect(screen.getByText(cancellation.reasonRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(bookingsTab.reasonLabel), 'I');
    expect(screen.queryByText(cancellation.reasonRequired)).not.toBeInTheDocument();
  });

  it('confirms with the trimmed reason and closes once the cancellation went through', async () => {
    const { onConfirm, onOpenChange, user } = setup();
    await user.type(screen.getByLabelText(bookingsTab.reasonLabel), '  Un imprévu familial  ');
    await user.click(screen.getByRole('button', { name: bookingsTab.confirmCancel }));
    expect(onConfirm).toHaveBeenCalledWith('Un imprévu familial');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('stays open when the cancellation failed', async () => {
    const { onOpenChange, user } = setup(vi.fn(async () => false));
    await user.type(screen.getByLabelText(bookingsTab.reasonLabel), 'Malade');
    await user.click(screen.getByRole('button', { name: bookingsTab.confirmCancel }));
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('dismisses without cancelling', async () => {
    const { onConfirm, onOpenChange, user } = setup();
    await user.click(screen.getByRole('button', { name: bookingsTab.keepBooking }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
