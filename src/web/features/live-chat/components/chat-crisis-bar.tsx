import { Phone } from 'lucide-react';
import { liveChat } from '#shared/messages/chat.ts';

/**
 * The urgent numbers inside the chat, one tap away (UI.md "Safety cues"): someone writing to the team
 * in a crisis should not have to wait for an answer to find them.
 */
export function ChatCrisisBar() {
  return (
    <nav
      aria-label={liveChat.crisisLabel}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-danger/30 bg-danger-soft px-3 py-2"
    >
      <span className="text-sm font-semibold text-ink">{liveChat.crisisLabel}</span>
      {liveChat.crisisNumbers.map((entry) => (
        <a
          key={entry.number}
          href={`tel:${entry.number}`}
          aria-label={entry.label}
          className="focus-ring inline-flex min-h-9 items-center gap-1.5 rounded-xl bg-danger px-3 py-1 text-sm font-semibold text-white hover:bg-danger-strong"
        >
          <Phone size={16} aria-hidden="true" />
          {entry.number}
        </a>
      ))}
    </nav>
  );
}
