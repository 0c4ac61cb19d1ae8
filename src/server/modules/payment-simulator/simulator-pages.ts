import { common } from '#shared/messages/common.ts';
import { simulator as text } from '#shared/messages/payouts.ts';

/**
 * The simulator's pages as plain server-rendered HTML: no script at all (the CSP forbids inline
 * scripts and these pages need none), forms that POST and redirect. Every dynamic value is escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value, escaped for HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A tagged template that escapes its interpolations, unless they are already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(
  strings: TemplateStringsArray,
  ...values: (string | number | Html | Html[] | null | undefined)[]
): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    if (Array.isArray(value)) out += value.map(String).join('');
    else if (value instanceof Html) out += value.value;
    else if (value !== null && value !== undefined) out += escapeHtml(String(value));
    out += strings[index + 1] ?? '';
  });
  return new Html(out);
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f6f5f2; color: #1f2933; line-height: 1.5; }
  .banner { margin: 0; padding: 0.75rem 1rem; background: #7c2d12; color: #fff; text-align: center; font-weight: 600; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .amount { font-size: 1.6rem; font-weight: 700; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.25rem; align-items: center; }
  button, .button { font: inherit; padding: 0.6rem 1.1rem; border-radius: 0.5rem; border: 1px solid #1f2933;
    background: #fff; color: #1f2933; cursor: pointer; text-decoration: none; display: inline-block; }
  button.primary { background: #14532d; border-color: #14532d; color: #fff; }
  button:focus-visible, .button:focus-visible, input:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  .notice { padding: 0.75rem 1rem; border-radius: 0.5rem; background: #fef3c7; border: 1px solid #b45309; }
  .error { background: #fee2e2; border-color: #b91c1c; }
  label { display: block; font-weight: 600; margin-top: 0.75rem; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #52606d; border-radius: 0.4rem; }
  .hint { color: #52606d; font-size: 0.9rem; margin: 0.25rem 0 0; }
`;

export function page(title: string, body: Html): string {
  return html`<!doctype html>
    <html lang="fr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} — ${common.appName}</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <header><p class="banner">${text.banner}</p></header>
        <main>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`.value;
}

/** A message box; `role="alert"` for a refusal the person must notice. */
export function notice(message: string, kind: 'info' | 'error' = 'info'): Html {
  return kind === 'error'
    ? html`<p class="notice error" role="alert">${message}</p>`
    : html`<p class="notice" role="status">${message}</p>`;
}

/** A one-button form (no fields): a POST that answers with a redirect or a page. */
export function postButton(action: string, label: string, primary = false): Html {
  return html`<form method="post" action="${action}">
    <button type="submit" ${new Html(primary ? ' class="primary"' : '')}>${label}</button>
  </form>`;
}
