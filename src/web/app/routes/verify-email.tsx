import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { emailVerification } from '#shared/messages/email-verification.ts';
import { pageTitles } from '#shared/messages/common.ts';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/config/paths.ts';
import { useVerifyEmail } from '#web/features/auth/api/verify-email.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/**
 * /verify-email?token=…, the page the mailed link opens: the link is spent once, on arrival, and the
 * page says what it proved. The cached account is read again, so the banner goes at once.
 */
export default function VerifyEmailPage() {
  useDocumentTitle(pageTitles.verifyEmail);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const { refreshUser } = useAuth();
  const mutation = useVerifyEmail();
  const { mutate } = mutation;
  // Once per token, even when React runs the effect twice in development.
  const spent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || spent.current === token) return;
    spent.current = token;
    // The token leaves the address bar and the history at once (the router keeps it for this page).
    window.history.replaceState(window.history.state, '', window.location.pathname);
    mutate(token, { onSuccess: () => void refreshUser() });
  }, [token, mutate, refreshUser]);

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{emailVerification.pageTitle}</h1>
        <div className="mt-6 space-y-6">
          {!token ? (
            <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 font-medium text-danger">
              {emailVerification.tokenMissing}
            </p>
          ) : mutation.isSuccess ? (
            <p role="status" className="flex gap-3 rounded-xl bg-success-soft p-4 text-success">
              <CheckCircle2 size={22} className="shrink-0" aria-hidden="true" />
              <span>{mutation.data.message}</span>
            </p>
          ) : mutation.isError ? (
            <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 font-medium text-danger">
              {errorMessage(mutation.error, emailVerification.invalidToken)}
            </p>
          ) : (
            <p role="status" aria-busy="true" className="text-slate-700">
              {emailVerification.confirming}
            </p>
          )}
          {(mutation.isSuccess || mutation.isError || !token) && (
            <ButtonLink to={paths.home.href()}>{emailVerification.continue}</ButtonLink>
          )}
        </div>
      </Card>
    </div>
  );
}
