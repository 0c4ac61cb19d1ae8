import { MessagesSquare, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { liveChat } from '#shared/messages/chat.ts';
import { CrisisBanner } from '#web/components/safety/crisis-banner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/cn.ts';
import type { ChatConnection, ChatSocketLike } from '../realtime/chat-socket.ts';
import { useLiveChat, type LiveChatState } from '../use-live-chat.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatCrisisBar } from './chat-crisis-bar.tsx';
import { ChatStartForm } from './chat-start-form.tsx';
import { ChatThread } from './chat-thread.tsx';

/** Spec 2 section 2: the connection indicator reads "real-time active" or "ready". */
function ConnectionIndicator({ connection }: { connection: ChatConnection }) {
  const live = connection === 'open';
  return (
    <p role="status" className="inline-flex items-center gap-2 text-sm text-ink-muted">
      <span aria-hidden="true" className={cn('h-2.5 w-2.5 rounded-full', live ? 'bg-emerald-600' : 'bg-slate-400')} />
      {live ? liveChat.connectionLive : liveChat.connectionReady}
    </p>
  );
}

function Notice({ text, detail }: { text: string | null; detail?: string | null }) {
  if (!text) return null;
  return (
    <div role="alert" className="rounded-xl border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-ink">
      <p className="font-medium">{text}</p>
      {detail ? <p className="mt-0.5">{detail}</p> : null}
    </div>
  );
}

/** The end of a chat: why, and a new one. The input that had focus is gone, so focus comes here. */
function EndedActions({ notice, onNew }: { notice: string | null; onNew: () => void }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRef.current?.focus();
  }, []);
  return (
    <div className="space-y-3">
      {notice ? <Notice text={notice} /> : <p role="status">{liveChat.ended}</p>}
      <Button ref={buttonRef} fullWidth onClick={onNew}>
        {liveChat.newChat}
      </Button>
    </div>
  );
}

/**
 * The page's "Signaler" for the chat (issue 13 section 1), passed in since features do not import each
 * other; shown for a chat held by an account (a guest's chat cannot be reported).
 */
export type RenderChatReportAction = (sessionId: string) => ReactNode;

function ChatBody({
  state,
  renderReportAction,
}: {
  state: LiveChatState;
  renderReportAction?: RenderChatReportAction;
}) {
  switch (state.phase) {
    case 'idle':
    case 'restoring':
      return (
        <div role="status" className="space-y-3">
          <p className="text-ink-muted">{liveChat.restoring}</p>
          <Skeleton className="h-48 w-full" />
        </div>
      );
    case 'unreachable':
      return (
        <div className="space-y-3">
          <Notice text={state.notice} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => void state.retry()}>
              <RotateCcw size={20} aria-hidden="true" />
              {liveChat.retry}
            </Button>
            <Button variant="outline" onClick={state.startNew}>
              {liveChat.newChat}
            </Button>
          </div>
        </div>
      );
    case 'form':
      return (
        <div className="space-y-4">
          <Notice text={state.notice} detail={state.noticeDetail} />
          <ChatStartForm
            isGuest={state.isGuest}
            starting={state.starting}
            onStart={(input) => void state.start(input)}
          />
        </div>
      );
    case 'chat':
    case 'ended': {
      const ended = state.phase === 'ended';
      // Issue 13 section 3: a line of the chat (theirs or the team's) that speaks of suicide or danger
      // shows the calm crisis banner above the input, on top of the numbers bar that is always there.
      const crisis = state.items.some((item) => item.kind === 'message' && item.message.crisis);
      return (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 truncate font-medium text-ink">{state.session?.subject}</p>
            <ConnectionIndicator connection={state.connection} />
            {state.session?.userId && renderReportAction ? renderReportAction(state.session.id) : null}
          </div>
          <ChatThread items={state.items} pending={state.pending} />
          {crisis ? <CrisisBanner matched /> : null}
          {ended ? (
            <EndedActions notice={state.notice} onNew={state.startNew} />
          ) : (
            <>
              <Notice text={state.notice} />
              <ChatComposer
                value={state.draft}
                onChange={state.setDraft}
                onSend={() => void state.send()}
                disabled={false}
                busy={state.sending}
              />
            </>
          )}
        </div>
      );
    }
  }
}

/**
 * The live chat of the support page (spec 2 section 2; issue 12 section 2): a button that opens the
 * dialog, for signed-in users and guests alike. The conversation lives with the button, so closing
 * the dialog does not lose it; a reload restores it from localStorage under the rules of spec 2
 * section 4. The urgent numbers stay one tap away inside the dialog (UI.md "Safety cues").
 */
export function LiveChatLauncher({
  className,
  createSocket,
  renderReportAction,
}: {
  className?: string;
  renderReportAction?: RenderChatReportAction;
  /** Tests inject a fake WebSocket. */
  createSocket?: (url: string) => ChatSocketLike;
}) {
  const [open, setOpen] = useState(false);
  const state = useLiveChat({ open, createSocket });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className={className}>
          <MessagesSquare size={20} aria-hidden="true" />
          {liveChat.launch}
        </Button>
      </DialogTrigger>
      <DialogContent title={liveChat.title} description={liveChat.description}>
        <div className="space-y-4">
          <ChatCrisisBar />
          <ChatBody state={state} renderReportAction={renderReportAction} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
