import { Link } from 'react-router';
import { common, nav } from '#shared/messages/common.ts';
import { paths } from '#web/config/paths.ts';

/** The logo: two hands forming a heart, inline SVG (no image request). */
export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="10" className="fill-accent" />
      <path d="M16 24.5s-7.5-4.4-7.5-10a4.2 4.2 0 0 1 7.5-2.6 4.2 4.2 0 0 1 7.5 2.6c0 5.6-7.5 10-7.5 10Z" fill="#fff" />
    </svg>
  );
}

export function BrandLink() {
  return (
    <Link
      to={paths.home.href()}
      className="focus-ring inline-flex items-center gap-2 rounded-xl text-xl font-semibold text-ink"
      aria-label={nav.homeLabel}
    >
      <BrandMark />
      <span aria-hidden="true">{common.appName}</span>
    </Link>
  );
}
