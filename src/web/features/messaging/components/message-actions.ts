import { createContext, type ReactNode } from 'react';
import type { Message } from '#shared/schemas/messages.ts';

/** The page's "Signaler" for a message of the other party (issue 13 section 1). */
export type RenderMessageReport = (message: Message) => ReactNode;

/**
 * Given by the page that hosts the messages tab, since features do not import each other; a context
 * rather than a prop threaded through the tab, the conversation and the thread down to each bubble.
 * Without a provider, bubbles show no report action.
 */
export const MessageReportContext = createContext<RenderMessageReport | null>(null);
