import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { nav } from '#shared/messages/common.ts';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { cn } from '#web/lib/cn.ts';
import { AccountMenu, RoleToggleButton } from './account-menu.tsx';
import { BrandLink } from './brand.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { useBecomeHelper } from './use-role-toggle.ts';

/** Header tint by role (UI.md): helper warm amber-50, seeker cool sky-50. */
function HeaderBar({ children }: { children: ReactNode }) {
  const { tone } = useAuth();
  return (
    <header
      className={cn(
        'sticky top-0 z-40 border-b border-line/80 backdrop-blur',
        tone === 'helper' ? 'bg-helper-tint/95' : 'bg-seeker-tint/95',
      )}
    >
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        {children}
      </div>
    </header>
  );
}

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'focus-ring rounded-xl px-3 py-2 text-base font-medium transition-colors duration-150 hover:bg-white/70',
    isActive ? 'text-accent-text' : 'text-ink',
  );

/**
 * `messagesLink`: the link to the messages tab with its unread badge, passed in by the app (the
 * layout may not import the messaging feature); shown on every width, next to the account menu.
 */
type HeaderProps = { messagesLink?: ReactNode };

/** The landing page header: anchor to how-it-works, role toggle, account menu, phone menu. */
export function LandingHeader({ messagesLink }: HeaderProps = {}) {
  return (
    <HeaderBar>
      <BrandLink />
      <nav aria-label={nav.mainNavigation} className="hidden items-center gap-1 md:flex">
        <a href={paths.howItWorks.href()} className={navLinkClasses({ isActive: false })}>
          {nav.howItWorks}
        </a>
        <NavLink to={paths.search.href()} className={navLinkClasses}>
          {nav.findHelp}
        </NavLink>
        <NavLink to={paths.support.href()} className={navLinkClasses}>
          {nav.support}
        </NavLink>
      </nav>
      <div className="flex items-center gap-2">
        <div className="hidden items-center gap-3 md:flex">
          <RoleToggleButton />
        </div>
        {messagesLink}
        <div className="hidden md:block">
          <AccountMenu />
        </div>
        <MobileMenu
          links={[
            { to: paths.search.href(), label: nav.findHelp },
            { to: paths.howItWorks.href(), label: nav.howItWorks },
            { to: paths.support.href(), label: nav.support },
          ]}
        />
      </div>
    </HeaderBar>
  );
}

/** The header of every other page (hidden on /dashboard paths, which use the landing header). */
export function GeneralHeader({ messagesLink }: HeaderProps = {}) {
  const { becomeHelper, pending } = useBecomeHelper();
  return (
    <HeaderBar>
      <BrandLink />
      <nav aria-label={nav.mainNavigation} className="hidden items-center gap-1 md:flex">
        <NavLink to={paths.search.href()} className={navLinkClasses}>
          {nav.findHelp}
        </NavLink>
        <button
          type="button"
          className={navLinkClasses({ isActive: false })}
          onClick={() => void becomeHelper()}
          disabled={pending}
        >
          {nav.becomeHelper}
        </button>
        <NavLink to={paths.dashboard.href()} className={navLinkClasses}>
          {nav.dashboard}
        </NavLink>
        <NavLink to={paths.support.href()} className={navLinkClasses}>
          {nav.support}
        </NavLink>
      </nav>
      <div className="flex items-center gap-2">
        {messagesLink}
        <div className="hidden md:block">
          <AccountMenu />
        </div>
        <MobileMenu
          links={[
            { to: paths.search.href(), label: nav.findHelp },
            { to: paths.support.href(), label: nav.support },
          ]}
        />
      </div>
    </HeaderBar>
  );
}
