import { useEffect } from 'react';

/** Sets the browser tab title while the page is shown; pages pass an entry of `pageTitles`. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
