import { describe, expect, it } from 'vitest';
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
