/**
 * Leaves the app for another page (the provider's checkout, onboarding or dashboard). One seam so
 * component tests can record where the page would go: jsdom cannot navigate.
 */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
