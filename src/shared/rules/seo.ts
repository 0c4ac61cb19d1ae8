import { META_DESCRIPTION_MAX_LENGTH } from '../constants.ts';
import { seo } from '../messages/seo.ts';

/**
 * What the server writes into a public page's head (issue 11 section 2): title, description,
 * canonical link, Open Graph and JSON-LD. Pure builders, shared by the web's page loaders (which
 * know the data) and the server (which knows PUBLIC_URL and writes the HTML).
 */

export type JsonLd = Record<string, unknown>;

export type PageHead = {
  title: string;
  description: string;
  /** Path (and query) of the page's canonical address, absolute once joined to PUBLIC_URL. */
  canonicalPath: string;
  ogType: 'website' | 'profile' | 'product';
  /** An image of the page (an avatar), as the API gives it: absolute or a path on our origin. */
  image?: string | null;
  jsonLd: JsonLd[];
  /** Not-found answers and pages of no search interest. */
  noindex?: boolean;
};

/** `publicUrl` without trailing slash plus an absolute path; absolute URLs are kept as they are. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** One line, at most META_DESCRIPTION_MAX_LENGTH characters, cut at a word with an ellipsis. */
export function metaDescription(text: string, max = META_DESCRIPTION_MAX_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** A price in cents as schema.org wants it: a decimal string in the currency's unit. */
export function schemaPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

export type OfferForLd = {
  id: string;
  title: string;
  description: string;
  category: string;
  currency: string;
  price_cents: number;
  pricing_options: { duration_minutes: number; price_cents: number }[];
  helper_id: string;
};

/** A `Service` with one `Offer` per pricing option (price and ISO currency), provided by its helper. */
export function offerJsonLd(
  offer: OfferForLd,
  urls: { page: string; helper: string },
  helperName: string,
  categoryLabel: string,
): JsonLd {
  const options =
    offer.pricing_options.length > 0
      ? offer.pricing_options
      : [{ duration_minutes: 0, price_cents: offer.price_cents }];
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: offer.title,
    description: metaDescription(offer.description, 500),
    serviceType: categoryLabel,
    url: urls.page,
    provider: { '@type': 'Person', name: helperName, url: urls.helper },
    offers: options.map((option) => ({
      '@type': 'Offer',
      price: schemaPrice(option.price_cents),
      priceCurrency: offer.currency.toUpperCase(),
      url: urls.page,
      ...(option.duration_minutes > 0
        ? { eligibleDuration: { '@type': 'QuantitativeValue', value: option.duration_minutes, unitCode: 'MIN' } }
        : {}),
    })),
  };
}

/** A `Person`; `aggregateRating` only when there are reviews (an empty rating is invalid for search engines). */
export function helperJsonLd(
  helper: { name: string; bio: string | null; image: string | null },
  url: string,
  rating: { average: number | null; count: number } | null,
): JsonLd {
  const hasRating = rating !== null && rating.count > 0 && rating.average !== null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: helper.name,
    url,
    ...(helper.bio ? { description: metaDescription(helper.bio, 500) } : {}),
    ...(helper.image ? { image: helper.image } : {}),
    ...(hasRating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round((rating.average ?? 0) * 10) / 10,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function faqJsonLd(entries: readonly { question: string; answer: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}

/**
 * JSON to put inside a `<script>` element: `<` becomes \u003c so no value can close the element
 * (`</script>`) or open a comment; U+2028/U+2029 are escaped for the old parsers that choke on them.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The head elements of a page, as HTML (every text escaped). */
export function headHtml(head: PageHead, publicUrl: string): string {
  const canonical = absoluteUrl(publicUrl, head.canonicalPath);
  const attr = escapeHtml;
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${attr(head.description)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${attr(canonical)}" />`,
    `<meta property="og:site_name" content="${attr(seo.siteName)}" />`,
    '<meta property="og:locale" content="fr_FR" />',
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:title" content="${attr(head.title)}" />`,
    `<meta property="og:description" content="${attr(head.description)}" />`,
    `<meta property="og:url" content="${attr(canonical)}" />`,
  ];
  if (head.image) lines.push(`<meta property="og:image" content="${attr(absoluteUrl(publicUrl, head.image))}" />`);
  lines.push('<meta name="twitter:card" content="summary" />');
  for (const data of head.jsonLd) lines.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return lines.join('\n    ');
}

export type SitemapEntry = { path: string; lastModified?: string };

/** A sitemap (sitemaps.org 0.9) of absolute URLs on PUBLIC_URL. */
export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${escapeHtml(entry.lastModified)}</lastmod>` : '';
    return `  <url><loc>${escapeHtml(absoluteUrl(publicUrl, entry.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything public may be crawled, not the private areas; the sitemap on PUBLIC_URL. */
export function robotsTxt(publicUrl: string, privatePaths: readonly string[]): string {
  return [
    'User-agent: *',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
