import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { HELPER_CHARTER_VERSION, type OfferCategory } from '#shared/constants.ts';
import { explore } from '#shared/messages/offers.ts';
import type { ChatSocketOutbound } from '#shared/schemas/chat.ts';
import type { SocketEvent } from '#shared/schemas/realtime.ts';
import type { CurrentUser } from '#shared/schemas/users.ts';

/**
 * Playwright fixtures for the journeys (STYLE.md habit 12, after epic-stack's playwright-utils):
 * users are created through the API and logged in by putting their token in localStorage, so a
 * journey types a password only when the login form is what it tests.
 */

export type Role = CurrentUser['role'];

export type TestUser = {
  email: string;
  password: string;
  token: string;
  user: CurrentUser;
};

export type CreateUserOptions = {
  /** `helpee` (default, what signup creates), `helper` (toggled through the API), or `admin` (the demo admin). */
  role?: Role;
  displayName?: string;
  password?: string;
  /** Open the link mailed at signup (default): most journeys are about what a confirmed account does. */
  confirmEmail?: boolean;
};

export type OutboxMail = {
  file: string;
  to: string;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
  /** Every http(s) link of the text part, in order. */
  links: string[];
  raw: string;
};

export const API = '/api/v1';
export const E2E_PASSWORD = 'appui-e2e-mot-de-passe';
/** Seeded by SEED_DEMO=true, which `npm run test:e2e` sets (README, quick start). */
export const DEMO_ADMIN = { email: 'admin@appui.demo', password: 'appui-demo' } as const;

// ---------------------------------------------------------------------------------------------
// Mail outbox (the server writes .eml files to E2E_DATA_DIR/outbox when SMTP_URL is unset)

function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as nodemailer writes French subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

type MimePart = { headers: Map<string, string>; body: string };

function splitPart(raw: string): MimePart {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** The first text/plain part, descending into multipart containers. */
function findTextPart(part: MimePart): MimePart | undefined {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (type.toLowerCase().startsWith('text/plain')) return part;
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return undefined;
  const chunks = part.body.split(`--${boundary}`).slice(1);
  for (const chunk of chunks) {
    if (chunk.startsWith('--')) break;
    const found = findTextPart(splitPart(chunk.replace(/^\r?\n/, '')));
    if (found) return found;
  }
  return undefined;
}

export function parseEml(file: string, raw: string): OutboxMail {
  const message = splitPart(raw);
  const textPart = findTextPart(message);
  const text = textPart ? decodeBody(textPart) : '';
  return {
    file,
    to: decodeHeader(message.headers.get('to') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text,
    links: text.match(/https?:\/\/[^\s<>")\]]+/g) ?? [],
    raw,
  };
}

/** The newest mail to `address` whose text matches `pattern`, waiting for it (mails leave after the answer). */
export async function waitForMail(address: string, pattern: RegExp, timeoutMs = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readOutbox()).find((m) => m.to.includes(address) && pattern.test(m.text));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The link of the newest mail to `address` that proves an address (signup or change of e-mail). */
export async function verificationLinkSentTo(address: string): Promise<string> {
  const mail = await waitForMail(address, /\/verify-email\?token=/);
  const link = mail.links.find((href) => href.includes('/verify-email?token='));
  if (!link) throw new Error(`no verification link in the mail to ${address}`);
  return link;
}

/** The mails of the outbox, newest first. */
export async function readOutbox(): Promise<OutboxMail[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys with `npm run test:e2e`.');
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
  // File names start with an ISO timestamp, so name order is time order.
  files.sort().reverse();
  return Promise.all(files.map(async (file) => parseEml(file, await readFile(path.join(outbox, file), 'utf8'))));
}

// ---------------------------------------------------------------------------------------------
// Accessibility

/**
 * Lets the running CSS animations and transitions end first: a dialog caught while it fades in has
 * blended colours, and axe reports a contrast failure that no user sees once it is open.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

/**
 * A toast on its way out (sonner marks it, then fades it for a moment before removing it): its
 * fading colours are no contrast a person reads, and its fade may start after settleAnimations.
 */
const LEAVING_TOAST = '[data-sonner-toast][data-removed="true"]';

/** Closes every toast and waits until they are gone (a toast fading out, or one a dialog's overlay covers, can fail axe's contrast rule). */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  for (const toast of await toasts.all()) {
    await toast
      .getByRole('button', { name: 'Fermer' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
}

/** Fails on any serious or critical WCAG 2.1 A/AA violation, listing them readably. */
export async function expectNoA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of [...(options.exclude ?? []), LEAVING_TOAST]) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = blocking
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join('\n\n');
  expect(blocking, `Accessibility violations on ${page.url()}:\n\n${report}`).toHaveLength(0);
}

// ---------------------------------------------------------------------------------------------
// Users

type StorageLike = { getItem(key: string): string | null; setItem(key: string, value: string): void };

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function login(api: APIRequestContext, email: string, password: string): Promise<string> {
  const body = await ok<{ access_token: string }>(
    await api.post(`${API}/auth/login`, { data: { email, password } }),
    `login of ${email}`,
  );
  return body.access_token;
}

async function currentUser(api: APIRequestContext, token: string): Promise<CurrentUser> {
  return ok<CurrentUser>(
    await api.get(`${API}/users/me`, { headers: { authorization: `Bearer ${token}` } }),
    'GET /users/me',
  );
}

async function createUserThroughApi(api: APIRequestContext, options: CreateUserOptions = {}): Promise<TestUser> {
  const role = options.role ?? 'helpee';
  if (role === 'admin') {
    // No API makes an admin (by design); the demo admin is seeded for the journeys.
    const token = await login(api, DEMO_ADMIN.email, DEMO_ADMIN.password);
    return { ...DEMO_ADMIN, token, user: await currentUser(api, token) };
  }
  const id = randomUUID().slice(0, 8);
  const email = `e2e-${role}-${id}@appui.test`;
  const password = options.password ?? E2E_PASSWORD;
  const displayName = options.displayName ?? `${role === 'helper' ? 'Aidant' : 'Aidé'} ${id}`;
  const signup = await api.post(`${API}/auth/signup`, { data: { email, password, display_name: displayName } });
  if (signup.status() !== 201) throw new Error(`signup of ${email} failed: ${signup.status()} ${await signup.text()}`);
  if (options.confirmEmail ?? true) {
    const token = new URL(await verificationLinkSentTo(email)).searchParams.get('token') ?? '';
    await ok(await api.post(`${API}/auth/verify-email`, { data: { token } }), `confirmation of ${email}`);
  }
  const token = await login(api, email, password);
  if (role === 'helper') {
    // Becoming a helper asks for the charter first, as the "Devenir aidant" step does.
    await ok(
      await api.post(`${API}/users/me/charter`, {
        headers: { authorization: `Bearer ${token}` },
        data: { version: HELPER_CHARTER_VERSION },
      }),
      'POST /users/me/charter',
    );
    const toggled = await ok<{ role: Role }>(
      await api.post(`${API}/users/toggle-role`, { headers: { authorization: `Bearer ${token}` } }),
      'POST /users/toggle-role',
    );
    expect(toggled.role).toBe('helper');
  }
  return { email, password, token, user: await currentUser(api, token) };
}

/**
 * Logs the page in as `user` before the app loads. The token is written once per tab (a
 * sessionStorage flag), so a journey that logs out stays logged out after the next navigation.
 */
export async function loginAs(page: Page, user: Pick<TestUser, 'token'>): Promise<void> {
  await page.addInitScript((token: string) => {
    try {
      const g = globalThis as unknown as { localStorage: StorageLike; sessionStorage: StorageLike };
      if (g.sessionStorage.getItem('e2e_auth_injected')) return;
      g.sessionStorage.setItem('e2e_auth_injected', '1');
      g.localStorage.setItem('auth_token', token);
    } catch {
      // about:blank and opaque origins have no storage
    }
  }, user.token);
}

// ---------------------------------------------------------------------------------------------
// The app socket and "without reloading"

export type AppSocketWatch = {
  /** Every frame the page's app socket (/api/v1/ws) received, parsed, in order, across reconnections. */
  events: SocketEvent[];
  /** The raw text of those frames, to check what never reached the browser. */
  frames: string[];
  /** Resolves once the socket has said hello: connected and authenticated, events now arrive live. */
  waitForHello: () => Promise<void>;
};

/** Records what the app socket of `page` receives. Call it before the page opens the socket. */
export function watchAppSocket(page: Page): AppSocketWatch {
  const watch: AppSocketWatch = {
    events: [],
    frames: [],
    waitForHello: () =>
      expect
        .poll(() => watch.events.some((event) => event.type === 'hello'), {
          message: 'the app socket never said hello',
          timeout: 15_000,
        })
        .toBe(true),
  };
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.endsWith(`${API}/ws`)) return;
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      watch.frames.push(text);
      try {
        watch.events.push(JSON.parse(text) as SocketEvent);
      } catch {
        // not JSON: kept in frames only
      }
    });
  });
  return watch;
}

export type ChatSocketWatch = {
  /** Every frame the page's live chat socket (/api/v1/support/chat/ws) received, parsed, in order. */
  frames: ChatSocketOutbound[];
  /** How many chat sockets the page opened (a reconnection opens another). */
  opened: number;
};

/** Records what the live chat socket of `page` receives. Call it before the page opens the socket. */
export function watchChatSocket(page: Page): ChatSocketWatch {
  const watch: ChatSocketWatch = { frames: [], opened: 0 };
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.endsWith(`${API}/support/chat/ws`)) return;
    watch.opened += 1;
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      try {
        watch.frames.push(JSON.parse(text) as ChatSocketOutbound);
      } catch {
        // not JSON: not a frame of the protocol
      }
    });
  });
  return watch;
}

/** Marks the loaded document; expectNotReloaded then proves no reload happened in between. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { e2eDocumentMark?: boolean }).e2eDocumentMark = true;
  });
}

export async function expectNotReloaded(page: Page): Promise<void> {
  const marked = await page.evaluate(
    () => (globalThis as unknown as { e2eDocumentMark?: boolean }).e2eDocumentMark === true,
  );
  expect(marked, `${page.url()} was reloaded (or navigated away) since markDocument`).toBe(true);
}

/** A free offer of one 60-minute session, created through the API by `helper`; answers its id. */
export async function createFreeOffer(
  api: APIRequestContext,
  helper: Pick<TestUser, 'token'>,
  fields: { title: string; description: string; category: OfferCategory; contact: string },
): Promise<string> {
  const created = await api.post(`${API}/offers/`, {
    headers: { authorization: `Bearer ${helper.token}` },
    data: {
      title: fields.title,
      description: fields.description,
      category: fields.category,
      currency: 'eur',
      meeting_contact_info: fields.contact,
      pricing_options: [{ duration_minutes: 60, price_cents: 0 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Searches /explore for `word` (a fresh load each time: no cache) and answers the cards found. */
export async function searchExplore(page: Page, word: string) {
  await page.goto('/explore');
  const box = page.getByRole('searchbox', { name: explore.searchLabel });
  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]search=${word}`));
  return page.getByRole('article');
}

// ---------------------------------------------------------------------------------------------
// The extended test

type Fixtures = {
  /** Request context on the app's base URL, for arranging data through the API. */
  api: APIRequestContext;
  createUser: (options?: CreateUserOptions) => Promise<TestUser>;
  loginAs: (page: Page, user: Pick<TestUser, 'token'>) => Promise<void>;
  readOutbox: () => Promise<OutboxMail[]>;
  expectNoA11yViolations: (page: Page, options?: { exclude?: string[] }) => Promise<void>;
  /** Page errors and CSP violations seen so far; any of them fails the test at its end. */
  browserErrors: string[];
};

const isCspViolation = (text: string) =>
  /Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i.test(text);

export const test = base.extend<Fixtures>({
  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { accept: 'application/json' } });
    await use(api);
    await api.dispose();
  },
  createUser: async ({ api }, use) => {
    await use((options) => createUserThroughApi(api, options));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
  loginAs: async ({}, use) => {
    await use(loginAs);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
  readOutbox: async ({}, use) => {
    await use(readOutbox);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
  expectNoA11yViolations: async ({}, use) => {
    await use(expectNoA11yViolations);
  },
  browserErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        page.on('pageerror', (error) =>
          errors.push(`uncaught error on ${page.url()}: ${error.stack ?? error.message}`),
        );
        page.on('console', (message) => {
          if (message.type() === 'error' && isCspViolation(message.text())) {
            errors.push(`CSP violation on ${page.url()}: ${message.text()}`);
          }
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(errors);
      expect(errors, `The browser reported errors:\n${errors.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
