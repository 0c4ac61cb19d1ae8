import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Keyboard focus in the console's list-and-detail tabs (support, chats), as the messages tab does it:
 * an element that disappears with the focus in it sends a keyboard user back to the top of the page.
 */

/** Nowhere, or on a button just disabled (the browser moves that focus to the page's body). */
export const focusIsLost = () => {
  const active = document.activeElement;
  return active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
};

/** Opening an item moves the focus to its title once loaded (on phones the list it came from hides). */
export function useFocusWhenLoaded(ref: RefObject<HTMLElement | null>, loaded: boolean) {
  useEffect(() => {
    if (loaded) ref.current?.focus();
  }, [ref, loaded]);
}

/**
 * An action whose button goes away with the status it sets ("Marquer en cours", "Fermer", "Fermer
 * définitivement"): call `arm()` when it starts; when the status changes and the focus was lost with
 * the button, it goes to `ref` (the item's title). `disarm()` on failure.
 */
export function useRefocusOnChange(ref: RefObject<HTMLElement | null>, value: unknown) {
  const armed = useRef(false);
  useEffect(() => {
    if (!armed.current) return;
    armed.current = false;
    if (focusIsLost()) ref.current?.focus();
  }, [ref, value]);
  const arm = useCallback(() => {
    armed.current = true;
  }, []);
  const disarm = useCallback(() => {
    armed.current = false;
  }, []);
  return { arm, disarm };
}

/**
 * Closing the detail (its back button on phones) gives the focus back to the item's row in the list,
 * found by its `data-item-id`.
 */
export function useFocusRowOnClose(listRef: RefObject<HTMLElement | null>, selected: string | null) {
  const previous = useRef(selected);
  useEffect(() => {
    const closed = previous.current;
    previous.current = selected;
    if (!closed || selected !== null) return;
    const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-item-id]') ?? [];
    [...rows].find((row) => row.dataset.itemId === closed)?.focus();
  }, [listRef, selected]);
}
