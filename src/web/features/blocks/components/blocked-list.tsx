import { Ban } from 'lucide-react';
import { blocks } from '#shared/messages/blocks.ts';
import { frenchParisDate } from '#shared/rules/paris-time.ts';
import type { BlockedUser } from '#shared/schemas/privacy.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '#web/components/ui/alert-dialog.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUnblockUser } from '../api/block-user.ts';
import { useBlocks } from '../api/get-blocks.ts';

const nameOf = (person: BlockedUser) => person.display_name?.trim() || person.username || blocks.someone;

function BlockedRow({ person }: { person: BlockedUser }) {
  const unblock = useUnblockUser();
  const name = nameOf(person);
  // mutateAsync, not mutate's callbacks: the refreshed list removes this row before they would run
  // (TanStack Query drops a mutate call's callbacks once its component has unmounted).
  const confirm = () =>
    unblock.mutateAsync(person.id).then(
      () => toast.success(blocks.unblocked(name)),
      (failure: unknown) => toast.error(errorMessage(failure, blocks.unblockError)),
    );
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Avatar name={name} src={person.avatar_url} />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-ink">{name}</p>
        <p className="text-sm text-ink-muted">{blocks.blockedSince(frenchParisDate(person.blocked_at))}</p>
      </div>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" loading={unblock.isPending} aria-label={blocks.unblockLabel(name)}>
            {blocks.unblock}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent
          title={blocks.unblockTitle(name)}
          description={blocks.unblockText}
          cancelLabel={blocks.cancel}
          confirmLabel={blocks.confirmUnblock}
          onConfirm={confirm}
        />
      </AlertDialog>
    </li>
  );
}

/** The people the caller blocked, in /edit-profile, each with "Débloquer" (issue 13 section 2). */
export function BlockedListCard() {
  const mine = useBlocks();
  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        <Ban size={20} aria-hidden="true" />
        {blocks.listTitle}
      </CardTitle>
      <CardDescription>{blocks.listDescription}</CardDescription>
      {mine.isPending ? (
        <div className="mt-4 space-y-3" aria-hidden="true">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-10 w-1/2" />
        </div>
      ) : mine.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-ink-muted">{blocks.listLoadError}</p>
          <Button variant="outline" size="sm" onClick={() => void mine.refetch()}>
            {blocks.retry}
          </Button>
        </div>
      ) : mine.data.length === 0 ? (
        <p className="mt-4 text-ink-muted">{blocks.listEmpty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200" aria-label={blocks.listTitle}>
          {mine.data.map((person) => (
            <BlockedRow key={person.id} person={person} />
          ))}
        </ul>
      )}
    </Card>
  );
}
