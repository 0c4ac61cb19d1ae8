import { Ban, CircleCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { blocks } from '#shared/messages/blocks.ts';
import { Button, type ButtonSize } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { useBlockUser, useUnblockUser } from '../api/block-user.ts';
import { useBlocks } from '../api/get-blocks.ts';

// The confirmation (Radix's alert dialog) loads on the first opening: the helper profile becomes
// interactive without it.
const BlockConfirmDialog = lazyDialog(() => import('./block-confirm-dialog.tsx'));

/**
 * "Bloquer" (or "Débloquer" for someone the caller blocked), each after a confirmation that says what
 * a block does (issue 13 section 2). Placed by pages on a helper's profile and by the messaging
 * thread's header; `onBlocked` lets the page move on (the profile is no longer shown once blocked).
 */
export function BlockButton({
  userId,
  name,
  onBlocked,
  size = 'sm',
}: {
  userId: string;
  /** The person's public name; "Cette personne" when they have none. */
  name: string | null | undefined;
  onBlocked?: () => void;
  size?: ButtonSize;
}) {
  const mine = useBlocks();
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const label = name?.trim() || blocks.someone;
  const isBlocked = mine.data?.some((blocked) => blocked.id === userId) ?? false;
  const pending = block.isPending || unblock.isPending;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    try {
      if (isBlocked) {
        await unblock.mutateAsync(userId);
        toast.success(blocks.unblocked(label));
      } else {
        await block.mutateAsync(userId);
        toast.success(blocks.blocked(label));
        onBlocked?.();
      }
    } catch (failure) {
      toast.error(errorMessage(failure, isBlocked ? blocks.unblockError : blocks.blockError));
    }
  };

  return (
    <>
      <Button
        ref={buttonRef}
        variant="outline"
        size={size}
        loading={pending}
        disabled={mine.isPending}
        aria-label={isBlocked ? blocks.unblockLabel(label) : blocks.blockLabel(label)}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...BlockConfirmDialog.preloadOn}
        onClick={() => setOpen(true)}
      >
        {isBlocked ? <CircleCheck size={18} aria-hidden="true" /> : <Ban size={18} aria-hidden="true" />}
        {isBlocked ? blocks.unblock : blocks.block}
      </Button>
      <BlockConfirmDialog
        open={open}
        onOpenChange={setOpen}
        isBlocked={isBlocked}
        label={label}
        onConfirm={() => void confirm()}
        onClosed={() => buttonRef.current?.focus()}
      />
    </>
  );
}
