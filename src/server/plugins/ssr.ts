import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PUBLIC_CONFIG_ELEMENT_ID, SSR_STATE_ELEMENT_ID } from '#shared/constants.ts';
import { jsonForScript } from '#shared/rules/seo.ts';
import type { PublicConfig } from '#shared/schemas/public-config.ts';
import type { App } from '../app-types.ts';

/**
 * Server-side rendering of the public pages (issue 11 section 2). `npm run build` builds the web's
 * src/web/entry-server.tsx into dist/ssr/entry-server.js; the server loads that file by path at
 * start (server and web never import each other's sources) and renders each public page at request
 * time, the pages' API requests answered in-process by app.inject, as for a logged-out visitor.
 * Without the bundle (API tests, a server started before any build) nothing is rendered and every
 * page gets the empty app shell, as before.
 */

export const SSR_ENTRY = path.resolve(import.meta.dirname, '../../../dist/ssr/entry-server.js');

/** The markers of src/web/index.html that a rendered page fills. */
export const TEMPLATE_MARKERS = {
  headStart: '<!--app-head-->',
  headEnd: '<!--/app-head-->',
  html: '<!--app-html-->',
  state: '<!--app-state-->',
  config: '<!--app-config-->',
} as const;

/** What entry-server.tsx's render answers (the type is written again here: no import of web code). */
export type RenderedPage = { status: number; html: string; head: string; state: string };
type FetchApi = (url: string, init: RequestInit) => Promise<Response>;
type RenderFunction = (
  url: string,
  options: { fetchApi: FetchApi; publicUrl: string; publicConfig: PublicConfig; signal?: AbortSignal },
) => Promise<RenderedPage | null>;

/**
 * Renders a page's path and query; null for a page the server does not render (the shell then).
 * Once `signal` aborts (the shell was sent instead), the page is no longer rendered.
 */
export type PageRenderer = (url: string, signal?: AbortSignal) => Promise<RenderedPage | null>;

/**
 * The template with the page in it: its head replaces the default title and description between
 * the head markers, its HTML goes into #root, its state into a JSON script (never run, so the strict
 * CSP holds; the state is already escaped so that it cannot close the element).
 */
export function fillTemplate(template: string, page: RenderedPage): string {
  const start = template.indexOf(TEMPLATE_MARKERS.headStart);
  const end = template.indexOf(TEMPLATE_MARKERS.headEnd);
  if (
    start < 0 ||
    end < start ||
    !template.includes(TEMPLATE_MARKERS.html) ||
    !template.includes(TEMPLATE_MARKERS.state)
  ) {
    throw new Error('index.html lost one of its <!--app-head-->, <!--app-html--> or <!--app-state--> markers');
  }
  const withHead = `${template.slice(0, start)}${page.head}${template.slice(end + TEMPLATE_MARKERS.headEnd.length)}`;
  const stateScript = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${page.state}</script>`;
  // Replacer functions: a `$&` in a page's text must stay as it is.
  return withHead.replace(TEMPLATE_MARKERS.html, () => page.html).replace(TEMPLATE_MARKERS.state, () => stateScript);
}

/**
 * Any page of the app (the shell or a rendered one) with the browser's public configuration in a JSON
 * script, where index.html has its marker: every page, whichever way it is sent, carries it.
 */
export function withPublicConfig(html: string, config: PublicConfig): string {
  if (!html.includes(TEMPLATE_MARKERS.config)) throw new Error('index.html lost its <!--app-config--> marker');
  const script = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${jsonForScript(config)}</script>`;
  return html.replace(TEMPLATE_MARKERS.config, () => script);
}

/** Answers the web's fetchers from the API of this process, with no token (a visitor). */
function inProcessFetch(app: App): FetchApi {
  return async (url, init) => {
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    const contentType = response.headers['content-type'];
    return new Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };
}

function isRenderFunction(value: unknown): value is RenderFunction {
  return typeof value === 'function';
}

/** Loads the SSR bundle when it was built; null otherwise. */
export async function loadPageRenderer(
  app: App,
  options: { entry?: string; publicUrl: string; publicConfig: PublicConfig },
): Promise<PageRenderer | null> {
  const entry = options.entry ?? SSR_ENTRY;
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as { render?: unknown };
  const render = module.render;
  if (!isRenderFunction(render)) throw new Error(`${entry} exports no render function`);
  const fetchApi = inProcessFetch(app);
  const { publicUrl, publicConfig } = options;
  return (url, signal) => render(url, { fetchApi, publicUrl, publicConfig, signal });
}
