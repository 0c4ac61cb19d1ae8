/**
 * Clicks and submits that arrive while a server-rendered page waits for the app (boot.ts starts it
 * after the first paint): links and forms with their own `action` or `method="get"` (the search
 * forms) work without the app, so they go through; anything else the app would handle (a button, a radio, a form without an
 * action, which the browser would otherwise submit by reloading the page) is held and replayed, in
 * order, once the app has rendered. Nothing a person did early is lost, and nothing reloads under them.
 */

/** Dispatched on window by main.tsx once the app's first render (or hydration) is committed. */
export const APP_READY_EVENT = 'appui:ready';
/** Dispatched on window when the app could not start (a file failed to load): held input is dropped. */
export const APP_FAILED_EVENT = 'appui:failed';

/**
 * Past this the page stops holding (what it held is dropped): whatever keeps the app from starting,
 * the browser's own handling of the controls comes back rather than a page that swallows clicks.
 */
const HOLD_AT_MOST_MS = 15_000;

/**
 * How long a click on an element the app replaced waits for its counterpart in the new page: a
 * logged-in person's page is rendered afresh, and its data may still be on the way.
 */
const COUNTERPART_WAIT_MS = 3_000;

/**
 * What the app, not the browser, acts on. Text fields are not held: typing stays in the field, and
 * goes with it if the app replaces the field (carryTypedText).
 */
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

/** Fields a person types into. Passwords are left out: no public page the server renders has one. */
const TEXT_FIELDS = [
  'input:not([type])',
  'input[type="text"]',
  'input[type="search"]',
  'input[type="email"]',
  'input[type="tel"]',
  'input[type="url"]',
  'input[type="number"]',
  'textarea',
].join(', ');

type TextField = HTMLInputElement | HTMLTextAreaElement;

type HeldInput =
  | { kind: 'click'; element: HTMLElement; signature: string; unique: boolean }
  | { kind: 'submit'; form: HTMLFormElement }
  | { kind: 'choice'; select: HTMLSelectElement; value: string };

/** The value the server rendered a select with (its `selected` option). */
function renderedValue(select: HTMLSelectElement): string {
  return [...select.options].find((option) => option.defaultSelected)?.value ?? select.options[0]?.value ?? '';
}

/**
 * How a person tells one element of a kind from another (not by its place in the tree): by these
 * attributes, and a control by its text too (a field has none of its own).
 */
type Likeness = { selector: string; attributes: readonly string[]; byText: boolean };
const CONTROL: Likeness = {
  selector: APP_HANDLED,
  attributes: ['role', 'type', 'name', 'value', 'aria-label'],
  byText: true,
};
const FIELD: Likeness = {
  selector: TEXT_FIELDS,
  attributes: ['type', 'name', 'id', 'aria-label', 'placeholder'],
  byText: false,
};

function signatureOf(element: Element, kind: Likeness): string {
  const attributes = kind.attributes.map((name) => element.getAttribute(name) ?? '');
  const text = kind.byText ? (element.textContent ?? '').trim().replace(/\s+/g, ' ') : '';
  return [element.tagName, ...attributes, text].join('\u0000');
}

/** The elements of the page that a person would take for the one with this signature. */
function elementsLike<T extends Element>(doc: Document, kind: Likeness, signature: string): T[] {
  return [...doc.querySelectorAll<T>(kind.selector)].filter((element) => signatureOf(element, kind) === signature);
}

/**
 * A form the browser can send by itself: one that names where, or says GET (the search forms: the
 * server renders the results of the address it leads to). A form without either would reload the
 * page it is on.
 */
function submitsNatively(form: HTMLFormElement | null): boolean {
  return form !== null && (form.hasAttribute('action') || form.getAttribute('method')?.toLowerCase() === 'get');
}

function isSubmitButton(element: Element): element is HTMLButtonElement | HTMLInputElement {
  return (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.type === 'submit';
}

/** A click as a person makes it: tabs (Radix) switch on the press, not on the click. */
function activate(element: HTMLElement): void {
  if (element.getAttribute('role') === 'tab') {
    element.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
  }
  element.click();
}

/** Chooses `value` as a person would: the value, then a change event the app's listener hears. */
function choose(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts holding. On APP_READY_EVENT the held input is replayed, one per task (the app re-renders
 * between two, so a second tap sees the first one's state, as it would have); a click repeated on
 * the same control counts once. On APP_FAILED_EVENT, or after HOLD_AT_MOST_MS, it is dropped.
 * Returns the function that stops and replays.
 */
export function holdInputUntilAppReady(doc: Document = document): () => void {
  const view = doc.defaultView ?? window;
  const held: HeldInput[] = [];
  const heldAt = view.location.href;
  const carrying = carryTypedText(doc, heldAt);

  // Held events stop here, in the document's capture phase: React (listening on #root once
  // hydration begins) never sees them, so each runs once, when replayed.
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(APP_HANDLED) : null;
    if (!(target instanceof HTMLElement) || target.closest('a[href]')) return;
    if (isSubmitButton(target) && submitsNatively(target.form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const last = held.at(-1);
    if (last?.kind === 'click' && last.element === target) return;
    const signature = signatureOf(target, CONTROL);
    held.push({
      kind: 'click',
      element: target,
      signature,
      unique: elementsLike(doc, CONTROL, signature).length === 1,
    });
  };
  // A select changed early (a filter chosen from the keyboard): the app would never hear of it, and
  // hydration would adopt the new value as if the server had sent it. The select goes back to what
  // the server rendered, and the choice is made again once the app is there.
  const onChange = (event: Event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || submitsNatively(select.form)) return;
    event.stopImmediatePropagation();
    const value = select.value;
    select.value = renderedValue(select);
    const index = held.findIndex((input) => input.kind === 'choice' && input.select === select);
    if (index >= 0) held.splice(index, 1);
    held.push({ kind: 'choice', select, value });
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || submitsNatively(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.some((input) => input.kind === 'submit' && input.form === form)) held.push({ kind: 'submit', form });
  };

  let stopped = false;
  const stop = () => {
    if (stopped) return false;
    stopped = true;
    clearTimeout(watchdog);
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    doc.removeEventListener('change', onChange, true);
    view.removeEventListener(APP_READY_EVENT, release);
    view.removeEventListener(APP_FAILED_EVENT, drop);
    return true;
  };
  const drop = () => {
    if (stop()) carrying.stop();
  };
  const release = () => {
    if (!stop()) return;
    carrying.appStarted();
    void replay(doc, held, heldAt);
  };
  const watchdog = setTimeout(drop, HOLD_AT_MOST_MS);

  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  doc.addEventListener('change', onChange, true);
  view.addEventListener(APP_READY_EVENT, release, { once: true });
  view.addEventListener(APP_FAILED_EVENT, drop, { once: true });
  return release;
}

async function replay(doc: Document, held: HeldInput[], heldAt: string): Promise<void> {
  for (const [index, input] of held.entries()) {
    if (index > 0) await nextTask();
    if (input.kind === 'submit') {
      if (input.form.isConnected) input.form.requestSubmit();
    } else if (input.kind === 'choice') {
      if (input.select.isConnected) choose(input.select, input.value);
    } else if (input.element.isConnected) {
      activate(input.element);
    } else if (input.unique) {
      // The app replaced it (a logged-in person's page is rendered afresh, not hydrated).
      clickCounterpart(doc, input.signature, heldAt);
    }
  }
}

/**
 * Gives a click on a replaced control to its counterpart: the one control of the new page with the
 * same kind, name and text (the replaced one was the only such control of its page too), on the
 * same address, once it appears within COUNTERPART_WAIT_MS. None, several, another address, or any
 * new press or key of the person meanwhile, and the click is dropped: a guess is never made.
 */
function clickCounterpart(doc: Document, signature: string, heldAt: string): void {
  const view = doc.defaultView ?? window;
  const tryNow = () => {
    if (view.location.href !== heldAt) return stop();
    const matches = elementsLike<HTMLElement>(doc, CONTROL, signature);
    if (matches.length !== 1) return;
    stop();
    activate(matches[0]!);
  };
  const observer = new MutationObserver(tryNow);
  const timer = setTimeout(() => stop(), COUNTERPART_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    doc.removeEventListener('pointerdown', stop, true);
    doc.removeEventListener('keydown', stop, true);
  };
  doc.addEventListener('pointerdown', stop, true);
  doc.addEventListener('keydown', stop, true);
  observer.observe(doc.body, { childList: true, subtree: true, characterData: true });
  tryNow();
}

/** Sets a field's value as typing would, so that the app's listener (React's onChange) hears it. */
function typeInto(field: TextField, value: string): void {
  // The prototype's setter: React watches the element's own `value` and would ignore a plain set.
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Words typed into a server-rendered field stay when the app replaces that field (a logged-in
 * person's page is rendered afresh, not hydrated): they go to the one field of the new page with the
 * same kind, name and label, if the field typed into was the only one like it too, and the new one
 * still shows what the server had rendered (nothing typed there since). The focus follows the same
 * way, typed into or not (a person who has just clicked into the field keeps typing into the new
 * one), caret at the end. Carried the moment the new field is inserted (a mutation observer's
 * callback runs before any other task: no key can fall in between).
 *
 * Only what was typed before the app started counts (`appStarted`): the fields still in the page
 * then were kept by hydration and need nothing. A replaced field waits for its counterpart as long
 * as the page holds input at most (the fresh page may show a loading screen first), and the carrying
 * ends once nothing is left to carry.
 */
function carryTypedText(doc: Document, heldAt: string): { appStarted: () => void; stop: () => void } {
  const view = doc.defaultView ?? window;
  type Tracked = { field: TextField; signature: string; unique: boolean };
  const typed = new Map<TextField, Tracked>();
  /** The server's text field that has the focus, until the app starts (the app's own need nothing). */
  let focused: Tracked | null = null;
  let started = false;

  const isTextField = (target: EventTarget | null): target is TextField =>
    target instanceof Element && target.matches(TEXT_FIELDS);
  const track = (field: TextField): Tracked => {
    const signature = signatureOf(field, FIELD);
    return { field, signature, unique: elementsLike(doc, FIELD, signature).length === 1 };
  };
  /** The one field of the new page like `tracked`: null while there is none yet, or never a guess. */
  const counterpartOf = (tracked: Tracked): TextField | null => {
    const matches = elementsLike<TextField>(doc, FIELD, tracked.signature);
    return matches.length === 1 ? matches[0]! : null;
  };
  const onInput = (event: Event) => {
    if (isTextField(event.target) && !typed.has(event.target)) typed.set(event.target, track(event.target));
  };
  const onFocus = (event: FocusEvent) => {
    focused = !started && isTextField(event.target) ? track(event.target) : null;
  };
  // Left for the page itself (a click on its text, the phone's keyboard closed): no focusin follows,
  // and the focus must not come back to the field's counterpart later. Checked after the event,
  // because a field removed from the page may report a blur too, and that one is not the person's.
  const onBlur = (event: FocusEvent) => {
    const field = focused?.field;
    if (field === undefined || field !== event.target) return;
    queueMicrotask(() => {
      if (focused?.field === field && field.isConnected) focused = null;
    });
  };
  /** The focus, lost to the page's body when its field went, goes to the field's counterpart. */
  const moveFocus = (from: TextField, to: TextField) => {
    const active = doc.activeElement;
    if (focused?.field !== from || (active !== null && active !== doc.body)) return;
    focused = null;
    to.focus();
    const end = to.value.length;
    // Some kinds (email, number) have no caret to place.
    if (to.type !== 'email' && to.type !== 'number') to.setSelectionRange(end, end);
  };
  const focusLost = () => focused !== null && !focused.field.isConnected;
  const carry = () => {
    if (typed.size === 0 && !focusLost()) return; // nothing to carry: the page's own mutations cost nothing more
    if (view.location.href !== heldAt) return stop();
    for (const [field, tracked] of typed) {
      if (field.isConnected) continue;
      if (!tracked.unique || field.value === field.defaultValue) {
        typed.delete(field);
        continue;
      }
      const counterpart = counterpartOf(tracked);
      if (counterpart === null) continue;
      typed.delete(field);
      if (counterpart.value !== field.defaultValue) {
        if (focused?.field === field) focused = null; // not into words the person did not write
        continue;
      }
      typeInto(counterpart, field.value);
      moveFocus(field, counterpart);
    }
    if (focused !== null && focusLost()) {
      if (!focused.unique) {
        focused = null; // never a guess
      } else {
        const counterpart = counterpartOf(focused);
        if (counterpart !== null) moveFocus(focused.field, counterpart);
      }
    }
    if (started && typed.size === 0 && !focusLost()) stop();
  };
  const observer = new MutationObserver(carry);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    doc.removeEventListener('input', onInput, true);
    doc.removeEventListener('focusin', onFocus, true);
    doc.removeEventListener('focusout', onBlur, true);
  };
  const appStarted = () => {
    started = true;
    doc.removeEventListener('input', onInput, true);
    for (const field of typed.keys()) if (field.isConnected) typed.delete(field);
    if (typed.size === 0 && !focusLost()) return stop();
    timer = setTimeout(stop, HOLD_AT_MOST_MS);
  };
  doc.addEventListener('input', onInput, true);
  doc.addEventListener('focusin', onFocus, true);
  doc.addEventListener('focusout', onBlur, true);
  observer.observe(doc.body, { childList: true, subtree: true });
  return { appStarted, stop };
}
