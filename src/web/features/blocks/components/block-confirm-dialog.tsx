import { blocks } from '#shared/messages/blocks.ts';
import { AlertDialog, AlertDialogContent } from '#web/components/ui/alert-dialog.tsx';

/**
 * The confirmation of "Bloquer" or "Débloquer", saying what a block does (issue 13 section 2).
 * Loaded on the first opening (block-button.tsx); opened without a Radix trigger, so `onClosed`
 * gives the focus back to the button, as a trigger would.
 */
export default function BlockConfirmDialog({
  open,
  onOpenChange,
  isBlocked,
  label,
  onConfirm,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isBlocked: boolean;
  /** The person's public name, or "Cette personne". */
  label: string;
  onConfirm: () => void;
  onClosed: () => void;
}) {
  const returnFocus = (event: Event) => {
    event.preventDefault();
    onClosed();
  };
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        title={isBlocked ? blocks.unblockTitle(label) : blocks.confirmTitle(label)}
        description={isBlocked ? blocks.unblockText : blocks.confirmText}
        cancelLabel={blocks.cancel}
        confirmLabel={isBlocked ? blocks.confirmUnblock : blocks.confirmBlock}
        onConfirm={onConfirm}
        onCloseAutoFocus={returnFocus}
        danger={!isBlocked}
      />
    </AlertDialog>
  );
}
