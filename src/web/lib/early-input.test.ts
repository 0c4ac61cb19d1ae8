import { afterEach, describe, expect, it } from 'vitest';
import { APP_FAILED_EVENT, APP_READY_EVENT, holdInputUntilAppReady } from './early-input.ts';

/** Each click the element receives (its own listener runs before the document's bubbling ones). */
function recordClicks(element: Element): boolean[] {
  const seen: boolean[] = [];
  element.addEventListener('click', (event) => {
    seen.push(event.defaultPrevented);
    event.preventDefault(); // jsdom would otherwise follow links and submit forms
  });
  return seen;
}

/** What the app (React listens on #root, in the bubbling phase) would be told of. */
function appListener(root: Element): string[] {
  const heard: string[] = [];
  root.addEventListener('click', (event) => heard.push((event.target as Element).textContent ?? ''));
  return heard;
}

/** Lets the replay, one input per task, run to its end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function appReady() {
  window.dispatchEvent(new Event(APP_READY_EVENT));
}

describe('holdInputUntilAppReady', () => {
  afterEach(() => {
    appReady(); // releases a holder a failed test left behind
    document.body.innerHTML = '';
  });

  it('holds a button click away from the app until it is ready, then replays it once', async () => {
    document.body.innerHTML = '<main id="root"><button type="button">Je veux aider</button></main>';
    const app = appListener(document.querySelector('#root')!);
    holdInputUntilAppReady();

    document.querySelector('button')!.click();
    document.querySelector('button')!.click(); // a second tap on the same control counts once
    expect(app).toEqual([]);
    appReady();
    await settle();
    expect(app).toEqual(['Je veux aider']);
    appReady();
    await settle();
    expect(app).toEqual(['Je veux aider']);
  });

  it('replays held clicks in order, one per task: radios and their labels, then a tab (pressed, then clicked)', async () => {
    document.body.innerHTML =
      '<input type="radio" name="t" id="t1"><label for="t1">10:00</label><button type="button">Réserver</button><div role="tab">Avis</div>';
    const order: string[] = [];
    const radio = document.querySelector('input')!;
    radio.addEventListener('change', () => order.push('radio checked'));
    document.querySelector('button')!.addEventListener('click', () => order.push('button'));
    const tab = document.querySelector('[role="tab"]')!;
    tab.addEventListener('mousedown', () => order.push('tab pressed'));
    holdInputUntilAppReady();

    document.querySelector('label')!.click();
    document.querySelector('button')!.click();
    (tab as HTMLElement).click();
    expect(radio.checked).toBe(false);
    expect(order).toEqual([]);
    appReady();
    expect(order).toEqual(['radio checked']);
    await settle();
    expect(radio.checked).toBe(true);
    expect(order).toEqual(['radio checked', 'button', 'tab pressed']);
  });

  it('lets links and forms with their own action or method GET through, and holds a form with neither', async () => {
    document.body.innerHTML = `
      <a href="/recherche"><span>Explorer</span></a>
      <form action="/recherche" method="get"><button>Rechercher</button></form>
      <form method="get" id="explore"><input type="search" name="search"><button>Rechercher ici</button></form>
      <form id="booking"><button>Réserver</button></form>`;
    const linkClicks = recordClicks(document.querySelector('a span')!);
    const searchClicks = recordClicks(document.querySelector('form[action] button')!);
    const exploreForm = document.querySelector<HTMLFormElement>('#explore')!;
    const exploreSubmits: boolean[] = [];
    exploreForm.addEventListener('submit', (event) => {
      exploreSubmits.push(event.defaultPrevented);
      event.preventDefault();
    });
    const bookingForm = document.querySelector<HTMLFormElement>('#booking')!;
    const submits: boolean[] = [];
    bookingForm.addEventListener('submit', (event) => {
      submits.push(event.defaultPrevented);
      event.preventDefault();
    });
    holdInputUntilAppReady();

    document.querySelector<HTMLElement>('a span')!.click();
    document.querySelector<HTMLElement>('form[action] button')!.click();
    bookingForm.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    // Enter in the explore page's search box: a GET form, sent by the browser (the server renders it).
    exploreForm.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    expect(exploreSubmits).toEqual([false]);
    expect(linkClicks).toEqual([false]);
    expect(searchClicks).toEqual([false]);
    expect(submits).toEqual([]);
    appReady();
    await settle();
    expect(submits).toEqual([false]);
    expect(linkClicks).toEqual([false]);
  });

  it('drops what it held when the app cannot start, and holds nothing after', async () => {
    document.body.innerHTML = '<main id="root"><button type="button">Signaler</button></main>';
    const app = appListener(document.querySelector('#root')!);
    holdInputUntilAppReady();
    document.querySelector('button')!.click();
    window.dispatchEvent(new Event(APP_FAILED_EVENT));
    appReady();
    await settle();
    expect(app).toEqual([]);
    document.querySelector('button')!.click();
    expect(app).toEqual(['Signaler']);
  });

  it('gives a click on a replaced control to its one counterpart in the new page, once it appears', async () => {
    document.body.innerHTML =
      '<header><button type="button">Se connecter</button></header><button type="button">Réserver</button>';
    const [login, book] = [...document.querySelectorAll('button')];
    holdInputUntilAppReady();
    login!.click();
    book!.click();
    // The app renders the page afresh: a skeleton first, the controls once their data is there.
    document.body.innerHTML = '<main>Chargement…</main>';
    appReady();
    await settle();
    document.body.innerHTML = '<header><a href="/dashboard">Tableau de bord</a></header><main></main>';
    const fresh = document.createElement('button');
    fresh.type = 'button';
    fresh.textContent = 'Réserver';
    const freshClicks = recordClicks(fresh);
    document.querySelector('main')!.append(fresh);
    await settle();
    expect(freshClicks).toEqual([false]);

    // Held no more once the app is ready.
    fresh.click();
    expect(freshClicks).toEqual([false, false]);
  });

  it('never guesses: no counterpart for a control that had a twin, nor where the new page has several', async () => {
    document.body.innerHTML =
      '<button type="button">Envoyer un message à Marie</button><button type="button">Envoyer un message à Marie</button><button type="button">Signaler</button>';
    const [marie, , report] = [...document.querySelectorAll('button')];
    holdInputUntilAppReady();
    marie!.click();
    report!.click();
    document.body.innerHTML =
      '<button type="button">Envoyer un message à Marie</button><button type="button">Signaler</button><button type="button">Signaler</button>';
    const clicks = [...document.querySelectorAll('button')].map(recordClicks);
    appReady();
    await settle();
    expect(clicks).toEqual([[], [], []]);
  });

  it('puts back a select changed early and makes the choice again once the app is there', async () => {
    document.body.innerHTML =
      '<main id="root"><select aria-label="Prix"><option value="" selected>Tous</option><option value="0">Gratuit</option></select></main>';
    const select = document.querySelector('select')!;
    const heard: string[] = [];
    document.querySelector('#root')!.addEventListener('change', () => heard.push(select.value));
    holdInputUntilAppReady();
    select.value = '0';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(heard).toEqual([]);
    expect(select.value).toBe('');
    appReady();
    await settle();
    expect(heard).toEqual(['0']);
    expect(select.value).toBe('0');
  });

  it('carries words typed into a field the app replaces to its one counterpart, with focus and caret', async () => {
    const form = (value: string) =>
      `<form role="search" method="get"><input type="search" name="search" id="explore-search" value="${value}"><button>Rechercher</button></form>`;
    document.body.innerHTML = `<main id="root">${form('deuil')}</main>`;
    const typedInto = document.querySelector('input')!;
    holdInputUntilAppReady();
    typedInto.focus();
    typedInto.value = 'burn-out';
    typedInto.dispatchEvent(new Event('input', { bubbles: true }));

    // A logged-in person's page is rendered afresh: a skeleton, then the form, as the server had it.
    document.body.innerHTML = '<main id="root">Chargement…</main>';
    appReady();
    await settle();
    const heard: string[] = [];
    const root = document.querySelector('#root')!;
    root.addEventListener('input', (event) => heard.push((event.target as HTMLInputElement).value));
    root.innerHTML = form('deuil');
    await Promise.resolve(); // the carry runs before any other task could
    const fresh = document.querySelector('input')!;
    expect(fresh.value).toBe('burn-out');
    expect(heard).toEqual(['burn-out']);
    expect(document.activeElement).toBe(fresh);
    expect(fresh.selectionStart).toBe('burn-out'.length);
  });

  it('gives the focus of a field the app replaces, typed into or not yet, to its one counterpart', async () => {
    const form = '<form role="search" method="get"><input type="search" name="search" id="explore-search"></form>';
    document.body.innerHTML = `<main id="root">${form}</main><input type="text" name="other">`;
    holdInputUntilAppReady();
    document.querySelector('input')!.focus(); // clicked into, nothing typed yet

    document.querySelector('#root')!.innerHTML = 'Chargement…';
    await Promise.resolve();
    expect(document.activeElement).toBe(document.body); // no counterpart yet: wait for it
    appReady();
    await settle();
    document.querySelector('#root')!.innerHTML = form;
    await Promise.resolve();
    expect(document.activeElement).toBe(document.querySelector('#explore-search'));
  });

  it('leaves the focus alone where the person put it meanwhile, or where the field had a twin', async () => {
    const replaceRoot = async (html: string) => {
      document.querySelector('#root')!.innerHTML = html;
      await Promise.resolve();
      await Promise.resolve(); // the blur's own check, a microtask
    };
    document.body.innerHTML = '<main id="root"><input type="search" name="search"></main><p>Texte</p>';
    holdInputUntilAppReady();
    const field = document.querySelector<HTMLInputElement>('#root input')!;
    field.focus();
    field.blur(); // a click on the page's text: the focus goes to the body, no field has it
    await Promise.resolve(); // the click's task ends before the app's render
    await replaceRoot('<input type="search" name="search">');
    expect(document.activeElement).toBe(document.body);

    document.body.innerHTML = '<main id="root"><input type="search" name="search"></main><input type="text" name="other">';
    document.querySelector<HTMLInputElement>('#root input')!.focus();
    await replaceRoot('Chargement…');
    const other = document.querySelector<HTMLInputElement>('input[name="other"]')!;
    other.focus();
    await replaceRoot('<input type="search" name="search">');
    expect(document.activeElement).toBe(other);

    document.body.innerHTML = '<main id="root"><input type="text" name="a"><input type="text" name="a"></main>';
    document.querySelector('input')!.focus();
    await replaceRoot('<input type="text" name="a">');
    expect(document.activeElement).toBe(document.body);
    appReady();
  });

  it('gives no focus to a counterpart that already shows other words than the server sent', async () => {
    document.body.innerHTML = '<main id="root"><input type="text" name="q" value=""></main>';
    holdInputUntilAppReady();
    const field = document.querySelector('input')!;
    field.focus();
    field.value = 'deuil';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    document.querySelector('#root')!.innerHTML = '<input type="text" name="q" value="déjà là">';
    await Promise.resolve();
    const fresh = document.querySelector('input')!;
    expect(fresh.value).toBe('déjà là');
    expect(document.activeElement).toBe(document.body);
    appReady();
  });

  it('never overwrites: no carry from a field that had a twin, nor into one already changed', async () => {
    document.body.innerHTML =
      '<input type="text" name="a"><input type="text" name="a"><input type="text" name="b" value="">';
    const [twin, , single] = [...document.querySelectorAll('input')];
    holdInputUntilAppReady();
    for (const [field, words] of [
      [twin!, 'un'],
      [single!, 'deux'],
    ] as const) {
      field.value = words;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    document.body.innerHTML = '<input type="text" name="a"><input type="text" name="b" value="déjà là">';
    await Promise.resolve();
    expect([...document.querySelectorAll('input')].map((field) => field.value)).toEqual(['', 'déjà là']);
    appReady();
  });

  it('carries only what was typed before the app started', async () => {
    document.body.innerHTML = '<textarea name="message" aria-label="Message"></textarea>';
    holdInputUntilAppReady();
    appReady(); // hydrated: the field stays, nothing to carry
    const field = document.querySelector('textarea')!;
    field.value = 'un brouillon refermé';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    document.body.innerHTML = '<textarea name="message" aria-label="Message"></textarea>';
    await Promise.resolve();
    expect(document.querySelector('textarea')!.value).toBe('');
  });
});
