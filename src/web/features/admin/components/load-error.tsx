import { AlertTriangle } from 'lucide-react';
import { common } from '#shared/messages/common.ts';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';

/** A part of the console that could not load, with a retry (spec 2 section 8 texts). */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <EmptyState
        headingLevel="h3"
        icon={<AlertTriangle size={22} />}
        title={text}
        action={
          <Button variant="outline" onClick={onRetry}>
            {common.retry}
          </Button>
        }
      />
    </div>
  );
}
