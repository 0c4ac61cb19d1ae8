import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { nav } from '#shared/messages/common.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { MobileLink } from './mobile-menu-panel.tsx';

// The panel (a Radix dialog) loads on the first tap: the first paint does without it (DESIGN.md section 9).
const MobileMenuPanel = lazy(() => import('./mobile-menu-panel.tsx'));

/** The phone menu's button; the panel (mobile-menu-panel.tsx) opens from the right. */
export function MobileMenu({ links }: { links: readonly MobileLink[] }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={nav.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Menu size={22} aria-hidden="true" />
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <MobileMenuPanel
            links={links}
            open={open}
            onOpenChange={setOpen}
            // Back to the button once closed, as a dialog trigger would.
            onClosed={() => buttonRef.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
