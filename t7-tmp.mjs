import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const paths = process.argv.slice(2);
for (const path of paths) {
  const rows = [];
  for (let r = 0; r < 4; r++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await context.addInitScript(() => {
      globalThis.__lt = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) globalThis.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto('http://127.0.0.1:3100' + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const res = await page.evaluate(() => ({ fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1), lt: globalThis.__lt }));
    rows.push(`FCP ${res.fcp}: ${res.lt.map(([s, d]) => `${s}+${d}`).join(' ')}`);
    await context.close();
  }
  console.log(path, '\n  ' + rows.join('\n  '));
}
await browser.close();
