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

type HeldInput = { kind: 'click'; element: HTMLElement } | { kind: 'submit'; form: HTMLFormElement };

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
    held.push({ kind: 'click', element: target });
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
    // An element the app replaced (a logged-in page rendered afresh) is gone: its input cannot be
    // meant for the new page.
    for (const input of held) {
      if (input.kind === 'click' && input.element.isConnected) input.element.click();
      if (input.kind === 'submit' && input.form.isConnected) input.form.requestSubmit();
    }
  };

  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  doc.defaultView?.addEventListener(APP_READY_EVENT, release, { once: true });
  return release;
}
