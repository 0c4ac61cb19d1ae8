import {
  AlertTriangle,
  CalendarCheck,
  Clock,
  CreditCard,
  Headphones,
  Lock,
  MessagesSquare,
  Search,
  ShieldCheck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LANDING_STATS } from '#shared/constants.ts';
import { pageTitles } from '#shared/messages/common.ts';
import { landing } from '#shared/messages/landing.ts';
import { useBecomeHelper } from '#web/components/layout/use-role-toggle.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { SearchForm } from '#web/components/ui/search-form.tsx';
import { paths } from '#web/config/paths.ts';
import { FeaturedOffers } from '#web/features/offers/components/featured-offers.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { seo } from '#shared/messages/seo.ts';
import { featuredOffersQueryOptions } from '#web/features/offers/api/get-featured-offers.ts';
import { pageUrl, type PageLoad } from '#web/lib/page-load.ts';

const stepIcons = [
  <Search key="search" size={22} />,
  <CalendarCheck key="book" size={22} />,
  <MessagesSquare key="talk" size={22} />,
];
const protectionIcons: ReactNode[] = [
  <Lock key="lock" size={22} />,
  <ShieldCheck key="shield" size={22} />,
  <Clock key="clock" size={22} />,
  <CreditCard key="card" size={22} />,
  <Headphones key="support" size={22} />,
];

/** Hero search (spec 1 section 2): Enter or "Rechercher" -> /recherche?search=<trimmed>, or /recherche. */
function HeroSearch() {
  const navigate = useNavigate();
  return (
    <SearchForm
      id="hero-search"
      size="hero"
      className="mt-8 w-full max-w-2xl"
      label={landing.searchLabel}
      placeholder={landing.searchPlaceholder}
      buttonLabel={landing.searchButton}
      action={paths.search.href()}
      onSearch={(search) => void navigate(paths.search.href(search ? { search } : {}))}
    />
  );
}

function Hero() {
  const { becomeHelper, pending } = useBecomeHelper();
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-seeker-tint via-white to-surface">
      <svg
        className="pointer-events-none absolute -top-24 -right-24 h-96 w-96 text-teal-100"
        viewBox="0 0 200 200"
        aria-hidden="true"
      >
        <circle cx="100" cy="100" r="100" fill="currentColor" />
      </svg>
      <svg
        className="pointer-events-none absolute -bottom-32 -left-20 h-80 w-80 text-amber-100"
        viewBox="0 0 200 200"
        aria-hidden="true"
      >
        <circle cx="100" cy="100" r="100" fill="currentColor" />
      </svg>
      <div className="relative mx-auto flex w-full max-w-6xl flex-col items-start px-4 py-16 sm:px-6 sm:py-24">
        <p className="rounded-full bg-white/80 px-3 py-1 text-sm font-medium text-seeker-text shadow-sm">
          {landing.heroEyebrow}
        </p>
        <h1 className="mt-5 max-w-3xl text-3xl leading-tight font-semibold text-ink sm:text-5xl sm:leading-tight">
          {landing.heroTitle}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-700">{landing.heroText}</p>
        <HeroSearch />
        <div className="mt-6 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <ButtonLink to={paths.search.href()} variant="outline" size="lg">
            {landing.seekHelp}
          </ButtonLink>
          <Button variant="primary" tone="helper" size="lg" onClick={() => void becomeHelper()} loading={pending}>
            {landing.wantToHelp}
          </Button>
        </div>
      </div>
    </section>
  );
}

function SectionHeading({ id, title, intro }: { id?: string; title: string; intro?: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-2xl font-semibold text-ink sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-lg text-slate-700">{intro}</p> : null}
    </div>
  );
}

function HowItWorks() {
  return (
    <section
      id="comment-ca-marche"
      aria-labelledby="comment-ca-marche-titre"
      className="mx-auto w-full max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6"
    >
      <SectionHeading id="comment-ca-marche-titre" title={landing.howTitle} intro={landing.howIntro} />
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {landing.howSteps.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-line bg-white p-6 shadow-soft">
            <div className="flex items-center gap-3">
              <span
                className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-seeker-soft text-seeker-text"
                aria-hidden="true"
              >
                {stepIcons[index]}
              </span>
              <span className="text-sm font-semibold text-ink-muted" aria-hidden="true">
                {index + 1}
              </span>
            </div>
            <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
            <p className="mt-2 text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Protections() {
  return (
    <section aria-labelledby="protections-titre" className="bg-white">
      <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
        <SectionHeading id="protections-titre" title={landing.protectionsTitle} intro={landing.protectionsIntro} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {landing.protections.map((item, index) => (
            <li key={item.title} className="flex gap-4 rounded-2xl bg-surface p-5">
              <span
                className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-seeker-soft text-seeker-text"
                aria-hidden="true"
              >
                {protectionIcons[index]}
              </span>
              <div>
                <h3 className="font-semibold text-ink">{item.title}</h3>
                <p className="mt-1 text-slate-700">{item.text}</p>
                {'link' in item ? (
                  <Link
                    to={paths.helperVerification.href()}
                    className="focus-ring mt-2 inline-block rounded font-medium text-seeker-text underline"
                  >
                    {item.link}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        <div role="note" className="mt-8 flex gap-4 rounded-2xl border-2 border-amber-300 bg-warning-soft p-5 sm:p-6">
          <AlertTriangle size={24} className="mt-0.5 shrink-0 text-warning" aria-hidden="true" />
          <div>
            <h3 className="text-lg font-semibold text-ink">{landing.warningTitle}</h3>
            <p className="mt-1 text-slate-800">{landing.warningText}</p>
          </div>
        </div>
      </div>
    </section>
  );
}

function Mission() {
  const stats = [
    { value: LANDING_STATS.members, label: landing.statMembers },
    { value: LANDING_STATS.sessions, label: landing.statSessions },
    { value: LANDING_STATS.rating, label: landing.statRating },
  ];
  return (
    <section aria-labelledby="mission-titre" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <SectionHeading id="mission-titre" title={landing.missionTitle} intro={landing.missionText} />
        <dl className="grid grid-cols-3 gap-3 sm:gap-4">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-2xl border border-line bg-white px-2 py-5 text-center shadow-soft sm:px-5"
            >
              <dt className="mt-1 text-sm text-ink-muted">{stat.label}</dt>
              <dd className="text-2xl font-semibold text-seeker-text sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function HelperCallToAction() {
  const { becomeHelper, pending } = useBecomeHelper();
  return (
    <section data-tone="helper" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <div className="flex flex-col items-start gap-4 rounded-2xl bg-helper-tint p-6 sm:p-10 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 className="text-2xl font-semibold text-ink">{landing.ctaTitle}</h2>
          <p className="mt-2 text-slate-700">{landing.ctaText}</p>
        </div>
        <Button size="lg" onClick={() => void becomeHelper()} loading={pending}>
          {landing.wantToHelp}
        </Button>
      </div>
    </section>
  );
}

/** Server rendering (issue 11 section 2): the featured offers, and the site with its search for JSON-LD. */
export const ssr: PageLoad = async (context) => {
  await context.queryClient.prefetchQuery(featuredOffersQueryOptions());
  return {
    status: 200,
    head: {
      title: pageTitles.landing,
      description: seo.landing,
      canonicalPath: paths.home.href(),
      ogType: 'website',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: seo.siteName,
          url: pageUrl(context, paths.home.href()),
          potentialAction: {
            '@type': 'SearchAction',
            target: `${pageUrl(context, paths.search.href())}?search={search_term_string}`,
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    },
  };
};

/** The landing page: not lazy, and rendered by the server (entry-server.tsx) for every visitor. */
export default function LandingPage() {
  useDocumentTitle(pageTitles.landing);
  return (
    <>
      <Hero />
      <HowItWorks />
      <FeaturedOffers />
      <Protections />
      <Mission />
      <HelperCallToAction />
    </>
  );
}
