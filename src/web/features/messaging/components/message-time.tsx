import { formatMessageTime, formatMessageTimeLong } from '#shared/rules/message-time.ts';
import { cn } from '#web/lib/cn.ts';

/** A message's time: short in the list and the thread (spec 2 section 2), the long form as its title. */
export function MessageTime({ sentAt, className }: { sentAt: string; className?: string }) {
  return (
    <time dateTime={sentAt} title={formatMessageTimeLong(sentAt)} className={cn('text-sm', className)}>
      {formatMessageTime(sentAt)}
    </time>
  );
}
