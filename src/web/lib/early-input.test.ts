import { afterEach, describe, expect, it } from 'vitest';
import { APP_READY_EVENT, holdInputUntilAppReady } from './early-input.ts';

/** Each click the element receives: was it held (default prevented) or let through? */
function recordClicks(element: Element): boolean[] {
  const seen: boolean[] = [];
  element.addEventListener('click', (event) => {
    seen.push(event.defaultPrevented);
    event.preventDefault(); // jsdom would otherwise follow links and submit forms
  });
  return seen;
}

function appReady() {
  window.dispatchEvent(new Event(APP_READY_EVENT));
}

describe('holdInputUntilAppReady', () => {
  afterEach(() => {
    appReady(); // releases a holder a failed test left behind
    document.body.innerHTML = '';
  });

  it('holds a button click until the app is ready, then replays it once', () => {
    document.body.innerHTML = '<main><button type="button">Je veux aider</button></main>';
    const button = document.querySelector('button')!;
    const clicks = recordClicks(button);
    holdInputUntilAppReady();

    button.click();
    expect(clicks).toEqual([true]);
    appReady();
    expect(clicks).toEqual([true, false]);
    appReady();
    expect(clicks).toEqual([true, false]);
  });

  it('replays held clicks in order, radios and their labels included', () => {
    document.body.innerHTML =
      '<input type="radio" name="t" id="t1"><label for="t1">10:00</label><button type="button">Réserver</button>';
    const order: string[] = [];
    const radio = document.querySelector('input')!;
    const label = document.querySelector('label')!;
    const button = document.querySelector('button')!;
    radio.addEventListener('change', () => order.push('radio checked'));
    button.addEventListener('click', (event) => !event.defaultPrevented && order.push('button'));
    holdInputUntilAppReady();

    label.click();
    button.click();
    expect(radio.checked).toBe(false);
    expect(order).toEqual([]);
    appReady();
    expect(radio.checked).toBe(true);
    expect(order).toEqual(['radio checked', 'button']);
  });

  it('lets links and forms with their own action through, and holds a form that has none', () => {
    document.body.innerHTML = `
      <a href="/recherche"><span>Explorer</span></a>
      <form action="/recherche" method="get"><button>Rechercher</button></form>
      <form id="booking"><button>Réserver</button></form>`;
    const linkClicks = recordClicks(document.querySelector('a span')!);
    const searchClicks = recordClicks(document.querySelector('form[action] button')!);
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
    expect(linkClicks).toEqual([false]);
    expect(searchClicks).toEqual([false]);
    expect(submits).toEqual([true]);
    appReady();
    expect(submits).toEqual([true, false]);
    expect(linkClicks).toEqual([false]);
  });

  it('gives a click on a replaced control to its one counterpart in the new page, once it appears', async () => {
    document.body.innerHTML = '<header><button type="button">Se connecter</button></header><button type="button">Réserver</button>';
    const [login, book] = [...document.querySelectorAll('button')];
    holdInputUntilAppReady();
    login!.click();
    book!.click();
    // The app renders the page afresh: a skeleton first, the controls once their data is there.
    document.body.innerHTML = '<main>Chargement…</main>';
    appReady();
    await Promise.resolve();
    document.body.innerHTML = '<header><a href="/dashboard">Tableau de bord</a></header><main></main>';
    const fresh = document.createElement('button');
    fresh.type = 'button';
    fresh.textContent = 'Réserver';
    const freshClicks = recordClicks(fresh);
    document.querySelector('main')!.append(fresh);
    await new Promise((resolve) => setTimeout(resolve, 0)); // mutation observers run
    expect(freshClicks).toEqual([false]);

    // Held no more once the app is ready.
    fresh.click();
    expect(freshClicks).toEqual([false, false]);
  });

  it('drops a click on a replaced control when the new page has none like it, or several', async () => {
    document.body.innerHTML = '<button type="button">Signaler</button><button type="button">Envoyer</button>';
    const [report, send] = [...document.querySelectorAll('button')];
    holdInputUntilAppReady();
    report!.click();
    send!.click();
    document.body.innerHTML =
      '<button type="button">Annuler</button><button type="button">Envoyer</button><button type="button">Envoyer</button>';
    const clicks = [...document.querySelectorAll('button')].map(recordClicks);
    appReady();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clicks).toEqual([[], [], []]);
  });
});
