// The system's Chromium (STACK.md: browsers cannot be downloaded here) and the flags its two users
// pass it: the browser journeys (playwright.config.ts) and the Lighthouse bench (bench/web.ts).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
