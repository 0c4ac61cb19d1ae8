import { Ban, CircleCheck } from 'lucide-react';
import { blocks } from '#shared/messages/blocks.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '#web/components/ui/alert-dialog.tsx';
import { Button, type ButtonSize } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useBlockUser, useUnblockUser } from '../api/block-user.ts';
import { useBlocks } from '../api/get-blocks.ts';

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
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size={size}
          loading={pending}
          disabled={mine.isPending}
          aria-label={isBlocked ? blocks.unblockLabel(label) : blocks.blockLabel(label)}
        >
          {isBlocked ? <CircleCheck size={18} aria-hidden="true" /> : <Ban size={18} aria-hidden="true" />}
          {isBlocked ? blocks.unblock : blocks.block}
        </Button>
      </AlertDialogTrigger>
      {isBlocked ? (
        <AlertDialogContent
          title={blocks.unblockTitle(label)}
          description={blocks.unblockText}
          cancelLabel={blocks.cancel}
          confirmLabel={blocks.confirmUnblock}
          onConfirm={() => void confirm()}
        />
      ) : (
        <AlertDialogContent
          title={blocks.confirmTitle(label)}
          description={blocks.confirmText}
          cancelLabel={blocks.cancel}
          confirmLabel={blocks.confirmBlock}
          onConfirm={() => void confirm()}
          danger
        />
      )}
    </AlertDialog>
  );
}
