import { useNavigate } from 'react-router';
import { common, pageErrors } from '#shared/messages/common.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';

/** "Page non trouvée" with a button home and a button back (spec 2 section 2 "404"). */
export function NotFoundView() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-20 text-center sm:px-6">
      <p className="text-5xl font-semibold text-accent-text" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold text-ink">{pageErrors.notFoundTitle}</h1>
      <p className="mt-3 text-ink-muted">{pageErrors.notFoundText}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to={paths.home.href()}>{common.backHome}</ButtonLink>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          {pageErrors.previousPage}
        </Button>
      </div>
    </div>
  );
}
