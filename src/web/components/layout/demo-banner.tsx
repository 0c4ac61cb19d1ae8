import { FlaskConical } from 'lucide-react';
import { demoMode } from '#shared/messages/common.ts';
import { usePublicConfig } from '#web/lib/public-config.tsx';

/**
 * Above every page while the server runs the payment simulator in production (PAYMENTS_SIMULATOR=true):
 * nobody may take its "fake card" for a real payment. Rendered by the server too, from the same
 * public configuration, so a server-rendered page carries it before any script runs.
 */
export function DemoBanner() {
  const { demo_banner: shown } = usePublicConfig();
  if (!shown) return null;
  return (
    <div
      data-testid="demo-banner"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
      <p>{demoMode.banner}</p>
    </div>
  );
}
