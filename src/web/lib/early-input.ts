/**
 * Clicks and submits that arrive while a server-rendered page waits for the app (boot.ts starts it
 * after the first paint): links and forms with their own `action` (the search forms) work without the
 * app, so they go through; anything else the app would handle (a button, a radio, a form without an
 * action, which the browser would otherwise submit by reloading the page) is held and replayed, in
 * order, once the app has rendered. Nothing a person did early is lost, and nothing reloads under them.
 */

/** Dispatched on window by main.tsx once the app's first render (or hydration) is committed. */
export const APP_READY_EVENT = 'appui:ready';

/** What the app, not the browser, acts on. Text fields are not held: typing stays in the page. */
const APP_HANDLED = [
  'button',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'input[type="submit"]',
  'label',
  'summary',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
].join(', ');

type HeldInput =
  | { kind: 'click'; element: HTMLElement; signature: string }
  | { kind: 'submit'; form: HTMLFormElement };

/**
 * How long a click on an element the app replaced waits for its counterpart in the new page: a
 * logged-in person's page is rendered afresh, and its data may still be on the way.
 */
const COUNTERPART_WAIT_MS = 3_000;

/** What identifies a control to a person: its kind, name and text (not its place in the tree). */
function signatureOf(element: HTMLElement): string {
  const attributes = ['role', 'type', 'name', 'value', 'id', 'aria-label'].map((name) => element.getAttribute(name) ?? '');
  return [element.tagName, ...attributes, (element.textContent ?? '').trim().replace(/\s+/g, ' ')].join('\u0000');
}

/** The one control of the new page that looks like the replaced one to a person, if exactly one does. */
function counterpartOf(doc: Document, signature: string): HTMLElement | null {
  const matches = [...doc.querySelectorAll<HTMLElement>(APP_HANDLED)].filter((element) => signatureOf(element) === signature);
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

/** Clicks the counterpart of a replaced control once it appears, for at most COUNTERPART_WAIT_MS. */
function clickCounterpart(doc: Document, signature: string): void {
  const found = counterpartOf(doc, signature);
  if (found) {
    found.click();
    return;
  }
  const observer = new MutationObserver(() => {
    const later = counterpartOf(doc, signature);
    if (!later) return;
    stop();
    later.click();
  });
  const timer = setTimeout(() => stop(), COUNTERPART_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(doc.body, { childList: true, subtree: true, characterData: true });
}

/** A form the browser can send by itself: it names where (the GET search forms). */
function submitsNatively(form: HTMLFormElement | null): boolean {
  return form !== null && form.hasAttribute('action');
}

function isSubmitButton(element: Element): element is HTMLButtonElement | HTMLInputElement {
  return (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.type === 'submit';
}

/** Starts holding; returns a function that stops and replays what was held (also run on APP_READY_EVENT). */
export function holdInputUntilAppReady(doc: Document = document): () => void {
  const held: HeldInput[] = [];

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(APP_HANDLED) : null;
    if (!(target instanceof HTMLElement) || target.closest('a[href]')) return;
    if (isSubmitButton(target) && submitsNatively(target.form)) return;
    event.preventDefault();
    held.push({ kind: 'click', element: target, signature: signatureOf(target) });
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || submitsNatively(form)) return;
    event.preventDefault();
    held.push({ kind: 'submit', form });
  };

  let stopped = false;
  const release = () => {
    if (stopped) return;
    stopped = true;
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    // An element the app replaced (a logged-in person's page is rendered afresh, not hydrated) is
    // gone: the click goes to the one control of the new page with the same kind, name and text,
    // once it is there; none, or several, and it is dropped. A replaced form's submit is dropped.
    for (const input of held) {
      if (input.kind === 'click') {
        if (input.element.isConnected) input.element.click();
        else clickCounterpart(doc, input.signature);
      }
      if (input.kind === 'submit' && input.form.isConnected) input.form.requestSubmit();
    }
  };

  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  doc.defaultView?.addEventListener(APP_READY_EVENT, release, { once: true });
  return release;
}
