import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { supportPage } from '#shared/messages/support.ts';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { SupportCentre } from './support-centre.tsx';

function renderCentre() {
  return renderWithProviders(
    <AuthDialogContext value={{ open: vi.fn(), close: vi.fn() }}>
      <SupportCentre liveChatAction={<button type="button">Lancer le chat</button>} />
    </AuthDialogContext>,
    { path: '/support' },
  );
}

describe('SupportCentre', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the FAQ’s six questions under #faq, each a disclosure that opens on click', async () => {
    renderCentre();
    const faq = screen.getByRole('region', { name: supportPage.faqTitle });
    expect(faq).toHaveAttribute('id', 'faq');
    const questions = within(faq).getAllByRole('listitem');
    expect(questions).toHaveLength(6);
    const first = supportPage.faq[0];
    const details = within(faq).getByText(first.question).closest('details');
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(within(faq).getByText(first.question));
    expect(details).toHaveAttribute('open');
    expect(within(faq).getByText(first.answer)).toBeVisible();
  });

  it('offers 15, 3114 and 112 as tel: links, each with one line on what the number is', () => {
    renderCentre();
    const urgent = screen.getByRole('region', { name: supportPage.urgentTitle });
    const links = within(urgent).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['tel:15', 'tel:3114', 'tel:112']);
    expect(screen.getByRole('link', { name: 'Appeler le 15' })).toHaveAccessibleDescription('SAMU, urgence médicale.');
    expect(screen.getByRole('link', { name: 'Appeler le 3114' })).toHaveAccessibleDescription(
      'Numéro national de prévention du suicide, 24 h/24, gratuit.',
    );
  });

  it('shows the urgent numbers before the forms (UI.md: not buried)', () => {
    renderCentre();
    const urgent = screen.getByRole('region', { name: supportPage.urgentTitle });
    // A visitor: the contact form's place holds its login prompt.
    const form = screen.getByRole('button', { name: supportPage.loginAction });
    expect(urgent.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has the three cards: contact form, the live chat launcher given by the page, guides to #faq', () => {
    renderCentre();
    expect(screen.getByRole('heading', { name: supportPage.contactCardTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: supportPage.liveChatCardTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lancer le chat' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: supportPage.guidesCardAction })).toHaveAttribute('href', '/support#faq');
  });

  it('"Écrire au support" puts the cursor in the form’s first empty field, or on a visitor’s login button', async () => {
    // jsdom has no scrollIntoView: lend one for this test only.
    const scrollIntoView = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    try {
      const visitor = renderCentre();
      await userEvent.click(screen.getByRole('button', { name: supportPage.contactCardAction }));
      expect(screen.getByRole('button', { name: supportPage.loginAction })).toHaveFocus();
      visitor.unmount();

      window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) =>
          url.startsWith('/api/v1/users/me') ? jsonResponse(200, currentUserFixture()) : jsonResponse(200, []),
        ),
      );
      renderCentre();
      // The name is prefilled: the cursor goes to the subject.
      await waitFor(() => expect(screen.getByLabelText(supportPage.nameLabel)).toHaveValue('Camille'));
      await userEvent.click(screen.getByRole('button', { name: supportPage.contactCardAction }));
      expect(screen.getByLabelText(supportPage.subjectLabel)).toHaveFocus();
      expect(scrollIntoView).toHaveBeenCalledTimes(2);
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
    }
  });

  it('shows "Mes messages" to a signed-in user only', async () => {
    renderCentre();
    expect(screen.queryByRole('heading', { name: supportPage.myMessagesTitle })).not.toBeInTheDocument();

    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/v1/users/me') ? jsonResponse(200, currentUserFixture()) : jsonResponse(200, []),
      ),
    );
    renderCentre();
    await waitFor(() => expect(screen.getByRole('heading', { name: supportPage.myMessagesTitle })).toBeInTheDocument());
  });
});
