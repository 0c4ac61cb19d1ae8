import { isRouteErrorResponse, useRouteError } from 'react-router';
import { apiErrors, common, pageErrors } from '#shared/messages/common.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { NotFoundView } from '#web/components/layout/not-found-view.tsx';

/**
 * A route that fails to render (spec 2 section 2): the generic heading "Unexpected Application
 * Error!" with a French explanation, a retry (a new deployment can make an old chunk disappear) and
 * a way home. A thrown 404 response shows the 404 page instead.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  console.error(error);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-semibold text-ink">{apiErrors.unexpectedApplicationError}</h1>
      <p className="mt-4 text-ink-muted">{pageErrors.unexpectedText}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button variant="outline" onClick={() => window.location.reload()}>
          {pageErrors.reload}
        </Button>
        <ButtonLink to={paths.home.href()} reloadDocument>
          {common.backHome}
        </ButtonLink>
      </div>
    </div>
  );
}
