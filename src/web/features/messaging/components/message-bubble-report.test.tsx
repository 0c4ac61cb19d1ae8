import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '#shared/schemas/messages.ts';
import { MessageReportContext, type RenderMessageReport } from './message-actions.ts';
import { MessageBubble } from './message-bubble.tsx';
import { messageFixture } from './messaging-fixtures.ts';

function renderBubble(message: Message, own: boolean, renderReport: RenderMessageReport | null) {
  return render(
    <MessageReportContext value={renderReport}>
      <MessageBubble message={message} own={own} />
    </MessageReportContext>,
  );
}

const reportAction = () =>
  vi.fn<RenderMessageReport>((message) => <button type="button">{`Signaler ${message.id}`}</button>);

describe('MessageBubble report action (issue 13 section 1)', () => {
  it('the other party’s message gets the page’s "Signaler", for that message', () => {
    const message = messageFixture();
    const action = reportAction();
    renderBubble(message, false, action);
    expect(screen.getByRole('button', { name: `Signaler ${message.id}` })).toBeInTheDocument();
    expect(action).toHaveBeenCalledWith(message);
  });

  it('a masked message can be reported too (it is often the off-platform offer)', () => {
    const message = messageFixture({ masked: true, content: '' });
    renderBubble(message, false, reportAction());
    expect(screen.getByRole('button', { name: `Signaler ${message.id}` })).toBeInTheDocument();
  });

  it.each([
    ['one’s own message', messageFixture(), true],
    ['a message moderation removed', messageFixture({ removed: true, content: '' }), false],
    ['a product notice', messageFixture({ kind: 'system', content: 'Réservation confirmée' }), false],
  ])('%s has none', (_what, message, own) => {
    const action = reportAction();
    renderBubble(message, own, action);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it('without a page to give one, there is none', () => {
    renderBubble(messageFixture(), false, null);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
