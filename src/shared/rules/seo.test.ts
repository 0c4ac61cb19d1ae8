import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  faqJsonLd,
  headHtml,
  helperJsonLd,
  jsonForScript,
  metaDescription,
  offerJsonLd,
  robotsTxt,
  sitemapXml,
  type PageHead,
} from './seo.ts';

const offer = {
  id: 'o1',
  title: 'Sortir du burn-out',
  description: 'Une séance pour parler.',
  category: 'sante-mentale',
  currency: 'eur',
  price_cents: 3500,
  pricing_options: [
    { duration_minutes: 30, price_cents: 2000 },
    { duration_minutes: 60, price_cents: 3500 },
  ],
  helper_id: 'h1',
};
const urls = { page: 'https://appui.fr/book/o1', helper: 'https://appui.fr/mentors/h1' };

describe('absoluteUrl', () => {
  it('joins a path to PUBLIC_URL, base path included, and keeps absolute URLs', () => {
    expect(absoluteUrl('https://appui.fr', '/book/1')).toBe('https://appui.fr/book/1');
    expect(absoluteUrl('https://appui.fr/base/', 'book/1')).toBe('https://appui.fr/base/book/1');
    expect(absoluteUrl('https://appui.fr', 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });
});

describe('metaDescription', () => {
  it('keeps a short text on one line', () => {
    expect(metaDescription('  Deux\n\nlignes  ')).toBe('Deux lignes');
  });
  it('cuts a long text at a word, with an ellipsis, within the limit', () => {
    const text = 'mot '.repeat(100);
    const cut = metaDescription(text, 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toBe('mot mot mot mot mot mot mot…');
  });
});

describe('offerJsonLd', () => {
  it('is a Service with one Offer per pricing option, price in units and ISO currency', () => {
    const data = offerJsonLd(offer, urls, 'Claire', 'Santé Mentale');
    expect(data).toMatchObject({
      '@type': 'Service',
      name: 'Sortir du burn-out',
      serviceType: 'Santé Mentale',
      provider: { '@type': 'Person', name: 'Claire', url: urls.helper },
    });
    expect(data.offers).toEqual([
      expect.objectContaining({ '@type': 'Offer', price: '20.00', priceCurrency: 'EUR', url: urls.page }),
      expect.objectContaining({ '@type': 'Offer', price: '35.00', priceCurrency: 'EUR' }),
    ]);
  });
  it('falls back on the headline price without options, a free offer at 0.00', () => {
    const data = offerJsonLd({ ...offer, price_cents: 0, pricing_options: [] }, urls, 'Claire', 'Santé Mentale');
    expect(data.offers).toEqual([{ '@type': 'Offer', price: '0.00', priceCurrency: 'EUR', url: urls.page }]);
  });
});

describe('helperJsonLd', () => {
  const helper = { name: 'Claire', bio: 'Ancienne cadre.', image: null };
  it('rates a reviewed helper', () => {
    const data = helperJsonLd(helper, 'https://appui.fr/mentors/h1', { average: 4.666, count: 3 });
    expect(data).toMatchObject({
      '@type': 'Person',
      name: 'Claire',
      description: 'Ancienne cadre.',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.7, reviewCount: 3 },
    });
  });
  it('has no aggregateRating without reviews', () => {
    expect(helperJsonLd(helper, 'u', { average: null, count: 0 })).not.toHaveProperty('aggregateRating');
    expect(helperJsonLd(helper, 'u', null)).not.toHaveProperty('aggregateRating');
  });
});

describe('faqJsonLd', () => {
  it('lists each question with its accepted answer', () => {
    expect(faqJsonLd([{ question: 'Q ?', answer: 'R.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Q ?', acceptedAnswer: { '@type': 'Answer', text: 'R.' } }],
    });
  });
});

describe('jsonForScript', () => {
  it('cannot close its script element, and parses back to the same value', () => {
    const value = { text: '</script><script>alert(1)</script><!--', line: 'a\u2028b' };
    const json = jsonForScript(value);
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('headHtml', () => {
  const head: PageHead = {
    title: 'Réserver « A & B » — Appui',
    description: 'Un "texte" <b>',
    canonicalPath: '/book/o1',
    ogType: 'product',
    image: '/uploads/a.png',
    jsonLd: [{ '@type': 'Thing', name: '</script>' }],
  };
  it('escapes every text and makes addresses absolute on PUBLIC_URL', () => {
    const html = headHtml(head, 'https://appui.fr');
    expect(html).toContain('<title>Réserver « A &amp; B » — Appui</title>');
    expect(html).toContain('<meta name="description" content="Un &quot;texte&quot; &lt;b&gt;" />');
    expect(html).toContain('<link rel="canonical" href="https://appui.fr/book/o1" />');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<meta property="og:image" content="https://appui.fr/uploads/a.png" />');
    expect(html).toContain('<script type="application/ld+json">{"@type":"Thing","name":"\\u003c/script>"}</script>');
  });
  it('has no canonical link but noindex for a not-found page', () => {
    const html = headHtml({ ...head, noindex: true, jsonLd: [] }, 'https://appui.fr');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe('sitemapXml and robotsTxt', () => {
  it('lists absolute, escaped URLs with their last change', () => {
    const xml = sitemapXml('https://appui.fr', [
      { path: '/' },
      { path: '/recherche?search=a&category=b', lastModified: '2026-01-02T03:04:05.000Z' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://appui.fr/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://appui.fr/recherche?search=a&amp;category=b</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>',
    );
  });
  it('disallows the private paths and points at the sitemap', () => {
    const text = robotsTxt('https://appui.fr', ['/dashboard', '/admin']);
    expect(text).toContain('Disallow: /dashboard\nDisallow: /admin\n');
    expect(text).toContain('Sitemap: https://appui.fr/sitemap.xml');
  });
});
