import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { RESET_REDIRECT_DELAY_MS } from '#shared/constants.ts';
import { passwordReset } from '#shared/messages/auth.ts';
import { apiErrors, pageTitles } from '#shared/messages/common.ts';
import { ResetPasswordFormSchema } from '#shared/schemas/auth.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { paths } from '#web/config/paths.ts';
import { useResetPassword } from '#web/features/auth/api/reset-password.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

const linkClasses = 'focus-ring rounded font-medium text-accent-text underline underline-offset-4';

/**
 * /reset-password?token=… (spec 2 sections 2 and 5): new password and confirmation with show/hide;
 * after success, back to / after RESET_REDIRECT_DELAY_MS.
 */
export default function ResetPasswordPage() {
  useDocumentTitle(pageTitles.resetPassword);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof ResetPasswordFormSchema>, unknown, z.output<typeof ResetPasswordFormSchema>>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = window.setTimeout(() => void navigate(paths.home.href()), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  const onSubmit = form.handleSubmit(async ({ new_password }) => {
    setFormError(null);
    if (!token) {
      setFormError(passwordReset.tokenMissing);
      return;
    }
    try {
      await mutation.mutateAsync({ token, new_password });
    } catch (error) {
      setFormError(errorMessage(error, apiErrors.unreadable));
    }
  });

  const { errors } = form.formState;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{passwordReset.resetTitle}</h1>
        {!token ? (
          <div className="mt-6 space-y-6">
            <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 font-medium text-danger">
              {passwordReset.invalidLinkAtLoad}
            </p>
            <ButtonLink to={paths.forgotPassword.href()}>{passwordReset.requestNewLink}</ButtonLink>
          </div>
        ) : mutation.isSuccess ? (
          <p role="status" className="mt-6 flex gap-3 rounded-xl bg-success-soft p-4 text-success">
            <CheckCircle2 size={22} className="shrink-0" aria-hidden="true" />
            <span>{passwordReset.resetSuccess}</span>
          </p>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 space-y-5">
            <FormField label={passwordReset.newPassword} error={errors.new_password?.message}>
              <PasswordInput
                autoComplete="new-password"
                showLabel={passwordReset.showPassword}
                hideLabel={passwordReset.hidePassword}
                {...form.register('new_password')}
              />
            </FormField>
            <FormField label={passwordReset.confirmNewPassword} error={errors.confirm_password?.message}>
              <PasswordInput
                autoComplete="new-password"
                showLabel={passwordReset.showPassword}
                hideLabel={passwordReset.hidePassword}
                {...form.register('confirm_password')}
              />
            </FormField>
            {formError ? (
              <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
                {formError}
              </p>
            ) : null}
            <Button type="submit" fullWidth loading={mutation.isPending} loadingLabel={passwordReset.resetting}>
              {passwordReset.resetSubmit}
            </Button>
            <p className="text-center text-sm">
              <Link to={paths.forgotPassword.href()} className={linkClasses}>
                {passwordReset.requestNewLink}
              </Link>
            </p>
          </form>
        )}
      </Card>
    </div>
  );
}
