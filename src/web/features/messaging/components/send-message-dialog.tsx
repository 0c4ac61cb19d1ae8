import { MessageCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { sendMessageDialog } from '#shared/messages/messaging-actions.ts';
import { offerCard } from '#shared/messages/offer-card.ts';
import type { PublicOffer } from '#shared/schemas/offers.ts';
import { Button, type ButtonVariant } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuthDialog } from '#web/lib/auth-dialog.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import type { MessageOffer } from './send-message-dialog-panel.tsx';

export type { MessageOffer } from './send-message-dialog-panel.tsx';

/**
 * The "Envoyer un message" modal (send-message-dialog-panel.tsx), loaded on its first opening: the
 * explore, profile and booking pages become interactive without the dialog, its form and zod.
 */
export const SendMessageDialog = lazyDialog(() => import('./send-message-dialog-panel.tsx'));

/**
 * The button that opens the modal: on an explore card ("Message", outline with an icon) or as a
 * labelled button (helper profile, booking page). Hidden on the caller's own offers; for a visitor
 * it opens the login dialog instead (a signed-in user is required).
 */
export function SendMessageButton({
  offer,
  helperName,
  appearance = 'button',
  variant = 'outline',
  className,
}: {
  offer: MessageOffer;
  helperName: string;
  appearance?: 'card' | 'button';
  variant?: ButtonVariant;
  className?: string;
}) {
  const { user, isLoading } = useAuth();
  const authDialog = useAuthDialog();
  const [open, setOpen] = useState(false);
  if (isLoading || user?.id === offer.helper_id) return null;
  const label = appearance === 'card' ? offerCard.message : sendMessageDialog.trigger;
  const ariaLabel = appearance === 'card' ? offerCard.messageHelper(helperName) : undefined;
  return (
    <>
      <Button
        variant={variant}
        className={className}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        // Only a member opens it: a visitor's click opens the login dialog.
        {...(user ? SendMessageDialog.preloadOn : {})}
        onClick={() => (user ? setOpen(true) : authDialog.open('login'))}
      >
        <MessageCircle size={20} aria-hidden="true" />
        {label}
      </Button>
      {user ? <SendMessageDialog offer={offer} helperName={helperName} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

/**
 * The `renderMessageAction` the pages give the offers feature (explore cards, the helper profile):
 * the offers feature may not import this one, so the page passes this function down.
 */
export function offerMessageAction(offer: PublicOffer, placement: 'card' | 'profile'): ReactNode {
  const helperName = offer.helper.display_name?.trim() || offer.helper.username || '';
  return (
    <SendMessageButton offer={offer} helperName={helperName} appearance={placement === 'card' ? 'card' : 'button'} />
  );
}
