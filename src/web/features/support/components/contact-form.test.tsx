import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { support, supportPage } from '#shared/messages/support.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { ContactForm } from './contact-form.tsx';
import { supportMessageFixture } from './support-fixtures.ts';

const me = currentUserFixture({ role: 'helpee', display_name: 'Camille Martin', email: 'camille@exemple.fr' });

/** /users/me (when a token is stored) and POST /support/messages, answered by `post`. */
function stubApi(post: () => Response = () => jsonResponse(201, supportMessageFixture())) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
    if (init?.method === 'POST' && url === '/api/v1/support/messages') return post();
    return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const supportPosts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && url === '/api/v1/support/messages')
    .map(([, init]) => JSON.parse(init?.body as string) as unknown);

function renderForm() {
  const openLogin = vi.fn();
  const utils = renderWithProviders(
    <AuthDialogContext value={{ open: openLogin, close: vi.fn() }}>
      <ContactForm />
    </AuthDialogContext>,
  );
  return { ...utils, openLogin, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: supportPage.submit });

async function signedIn() {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  const fetchMock = stubApi();
  const utils = renderForm();
  await waitFor(() => expect(field(supportPage.nameLabel)).toHaveValue('Camille Martin'));
  return { ...utils, fetchMock };
}

describe('ContactForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('prefills the name and says the answer goes to the account’s address, with no e-mail field', async () => {
    const { container } = await signedIn();
    expect(field(supportPage.subjectLabel)).toHaveValue('');
    expect(screen.getByText(supportPage.replyTo(me.email))).toBeInTheDocument();
    expect(container.querySelector('input[type="email"]')).toBeNull();
    expect(screen.queryByDisplayValue(me.email)).toBeNull();
  });

  it('a visitor gets the login prompt instead of the form: its buttons open the dialog, nothing can be sent', async () => {
    const fetchMock = stubApi();
    const { user, openLogin } = renderForm();
    expect(await screen.findByText(support.loginRequired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: supportPage.submit })).toBeNull();
    expect(screen.queryByLabelText(supportPage.messageLabel)).toBeNull();
    await user.click(screen.getByRole('button', { name: supportPage.loginAction }));
    expect(openLogin).toHaveBeenCalledWith('login');
    await user.click(screen.getByRole('button', { name: supportPage.signupAction }));
    expect(openLogin).toHaveBeenCalledWith('signup');
    expect(supportPosts(fetchMock)).toEqual([]);
  });

  it('missing fields: "Veuillez remplir tous les champs", nothing sent', async () => {
    const { user, fetchMock } = await signedIn();
    await user.clear(field(supportPage.nameLabel));
    await user.type(field(supportPage.subjectLabel), '   ');
    await user.click(submit());

    // The empty name, subject (blank) and message each say the spec's text.
    await waitFor(() => expect(screen.getAllByText(support.fillAllFields)).toHaveLength(3));
    expect(field(supportPage.messageLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(field(supportPage.nameLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(supportPosts(fetchMock)).toEqual([]);
  });

  it('sends the trimmed fields, says "Votre message a été envoyé avec succès !" and clears subject and message', async () => {
    const success = vi.spyOn(toast, 'success');
    const { user, fetchMock } = await signedIn();
    await user.type(field(supportPage.subjectLabel), '  Remboursement  ');
    await user.type(field(supportPage.messageLabel), 'Ma séance a été annulée.');
    await user.click(submit());

    await waitFor(() => expect(success).toHaveBeenCalledWith(support.sentSuccess));
    expect(supportPosts(fetchMock)).toEqual([
      {
        user_name: 'Camille Martin',
        subject: 'Remboursement',
        message: 'Ma séance a été annulée.',
      },
    ]);
    await waitFor(() => expect(field(supportPage.messageLabel)).toHaveValue(''));
    expect(field(supportPage.subjectLabel)).toHaveValue('');
    expect(field(supportPage.nameLabel)).toHaveValue('Camille Martin');
  });

  it('a server failure shows its text and keeps everything typed', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    stubApi(() => jsonResponse(429, { detail: 'Trop de messages envoyés.', code: 'RATE_LIMITED' }));
    const success = vi.spyOn(toast, 'success');
    const { user } = renderForm();
    await waitFor(() => expect(field(supportPage.nameLabel)).toHaveValue('Camille Martin'));
    await user.type(field(supportPage.subjectLabel), 'Urgent');
    await user.type(field(supportPage.messageLabel), 'Je ne sais plus quoi faire.');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de messages envoyés.');
    expect(field(supportPage.subjectLabel)).toHaveValue('Urgent');
    expect(field(supportPage.messageLabel)).toHaveValue('Je ne sais plus quoi faire.');
    expect(success).not.toHaveBeenCalled();
  });

  it('a network failure shows the page’s own text, the message still kept', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    stubApi(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderForm();
    await waitFor(() => expect(field(supportPage.nameLabel)).toHaveValue('Camille Martin'));
    await user.type(field(supportPage.subjectLabel), 'Question');
    await user.type(field(supportPage.messageLabel), 'Bonjour');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(supportPage.sendError);
    expect(field(supportPage.subjectLabel)).toHaveValue('Question');
    expect(field(supportPage.messageLabel)).toHaveValue('Bonjour');
  });
});
