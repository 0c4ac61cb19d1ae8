import { describe, expect, it } from 'vitest';
import { helperCharter } from '#shared/messages/charter.ts';
import { pageTitles } from '#shared/messages/common.ts';
import { verificationPage } from '#shared/messages/verification.ts';
import { render } from './entry-server.tsx';

/** No page of these tests asks the API: any request is a failure of the test itself. */
const noApi = () => Promise.reject(new Error('no API request expected'));

describe('render (server-side rendering)', () => {
  it('renders a public page with its French title', async () => {
    const page = await render('/about', { fetchApi: noApi, publicUrl: 'https://appui.example' });
    expect(page?.status).toBe(200);
    expect(page?.head).toContain('<title>');
    expect(page?.html.length).toBeGreaterThan(0);
  });

  it('renders "Comment nous vérifions les aidants" with its text and the charter, without JavaScript', async () => {
    const page = await render('/verification-des-aidants', { fetchApi: noApi, publicUrl: 'https://appui.example' });
    expect(page?.status).toBe(200);
    expect(page?.head).toContain(`<title>${pageTitles.helperVerification}</title>`);
    expect(page?.head).toContain('https://appui.example/verification-des-aidants');
    expect(page?.html).toContain(verificationPage.title);
    expect(page?.html).toContain(helperCharter.title);
    expect(page?.html).toContain('3114');
  });

  it('renders nothing once the server gave up waiting and sent the app shell', async () => {
    const controller = new AbortController();
    controller.abort();
    const page = await render('/about', {
      fetchApi: noApi,
      publicUrl: 'https://appui.example',
      signal: controller.signal,
    });
    expect(page).toBeNull();
  });
});
