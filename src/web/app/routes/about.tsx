import { ABOUT_STATS, SUPPORT_EMAIL } from '#shared/constants.ts';
import { pageTitles } from '#shared/messages/common.ts';
import { about } from '#shared/messages/pages.ts';
import { ButtonLink, buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { seo } from '#shared/messages/seo.ts';
import { staticPage } from '#web/lib/page-load.ts';

/** Server rendering (issue 11 section 2): the text is in the page; only its head is said here. */
export const ssr = staticPage({
  title: pageTitles.about,
  description: seo.about,
  canonicalPath: paths.about.href(),
});

/** /about: static marketing text (spec 1 section 1). */
export default function AboutPage() {
  useDocumentTitle(pageTitles.about);
  const figures = [
    { value: ABOUT_STATS.users, label: about.figureUsers },
    { value: ABOUT_STATS.countries, label: about.figureCountries },
    { value: ABOUT_STATS.sessions, label: about.figureSessions },
    { value: ABOUT_STATS.satisfaction, label: about.figureSatisfaction },
  ];
  return (
    <article className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-semibold text-ink sm:text-5xl">{about.title}</h1>
        <p className="mt-6 text-lg text-slate-700">{about.intro}</p>
      </div>

      <section aria-labelledby="about-mission" className="mt-12 max-w-3xl">
        <h2 id="about-mission" className="text-2xl font-semibold text-ink">
          {about.missionTitle}
        </h2>
        <p className="mt-3 text-slate-700">{about.missionText}</p>
      </section>

      <section aria-labelledby="about-figures" className="mt-12">
        <h2 id="about-figures" className="text-2xl font-semibold text-ink">
          {about.figuresTitle}
        </h2>
        <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {figures.map((figure) => (
            <div
              key={figure.label}
              className="flex flex-col-reverse rounded-2xl border border-line bg-white p-5 text-center shadow-soft"
            >
              <dt className="mt-1 text-sm text-ink-muted">{figure.label}</dt>
              <dd className="text-3xl font-semibold text-accent-text">{figure.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-slate-700">{about.foundedText(ABOUT_STATS.founded)}</p>
      </section>

      <section aria-labelledby="about-values" className="mt-12">
        <h2 id="about-values" className="text-2xl font-semibold text-ink">
          {about.valuesTitle}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {about.values.map((value) => (
            <li key={value.title} className="rounded-2xl bg-white p-5 shadow-soft">
              <h3 className="font-semibold text-ink">{value.title}</h3>
              <p className="mt-1 text-slate-700">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-not" className="mt-12 max-w-3xl rounded-2xl bg-warning-soft p-6">
        <h2 id="about-not" className="text-xl font-semibold text-ink">
          {about.notTherapyTitle}
        </h2>
        <p className="mt-2 text-slate-800">{about.notTherapyText}</p>
      </section>

      <div className="mt-12 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={paths.search.href()}>{about.ctaSearch}</ButtonLink>
        <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClasses({ variant: 'outline' })}>
          {about.ctaContact}
        </a>
      </div>
    </article>
  );
}
