import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { common, nav } from '#shared/messages/common.ts';
import { paths } from '#web/config/paths.ts';
import { BrandMark } from './brand.tsx';

const linkClasses = 'focus-ring rounded text-slate-700 hover:text-ink hover:underline';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-ink uppercase">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  );
}

/** Footer in three columns Plateforme / Support / Légal (spec 1 section 2). */
export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-line bg-white">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-lg font-semibold text-ink">
            <BrandMark className="h-7 w-7" />
            {common.appName}
          </p>
          <p className="text-slate-700">{common.tagline}</p>
        </div>
        <Column title={nav.footerPlatform}>
          <li>
            <Link to={paths.search.href()} className={linkClasses}>
              {nav.findHelp}
            </Link>
          </li>
          <li>
            <a href={paths.howItWorks.href()} className={linkClasses}>
              {nav.howItWorks}
            </a>
          </li>
          <li>
            <Link to={paths.about.href()} className={linkClasses}>
              {nav.about}
            </Link>
          </li>
        </Column>
        <Column title={nav.footerSupport}>
          <li>
            <Link to={paths.support.href()} className={linkClasses}>
              {nav.helpCentre}
            </Link>
          </li>
          <li>
            <Link to={paths.support.href('faq')} className={linkClasses}>
              {nav.faq}
            </Link>
          </li>
          <li>
            <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClasses}>
              {nav.contactUs} ({SUPPORT_EMAIL})
            </a>
          </li>
          <li>
            <Link to={paths.forgotPassword.href()} className={linkClasses}>
              {nav.forgotPassword}
            </Link>
          </li>
        </Column>
        <Column title={nav.footerLegal}>
          <li>
            <Link to={paths.confidentialite.href()} className={linkClasses}>
              {nav.privacy}
            </Link>
          </li>
          <li>
            <Link to={paths.cgv.href()} className={linkClasses}>
              {nav.terms}
            </Link>
          </li>
          <li>
            <Link to={paths.mentionsLegales.href()} className={linkClasses}>
              {nav.legalNotice}
            </Link>
          </li>
        </Column>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-700 sm:px-6 md:flex-row md:justify-between">
          <p>{nav.emergency}</p>
          <p>{nav.copyright(new Date().getFullYear())}</p>
        </div>
      </div>
    </footer>
  );
}
