import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth } from '#shared/messages/auth.ts';
import { dataRightsLinkPage } from '#shared/messages/trust-web.ts';
import { LoginRequestSchema, SignupFormSchema } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage, isApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import type { AuthDialogMode } from '#web/lib/auth-dialog.ts';

/** Empty optional fields are left out rather than sent as "" (they would fail their minimum length). */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
      {message}
    </p>
  );
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const { login } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  // A suspended account keeps its data rights: its refusal leads to the page that mails a link.
  const [suspended, setSuspended] = useState(false);
  const form = useForm<z.input<typeof LoginRequestSchema>, unknown, z.output<typeof LoginRequestSchema>>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    setSuspended(false);
    try {
      await login(values);
      toast.success(auth.loginSuccess);
      onDone();
    } catch (error) {
      setServerError(errorMessage(error, auth.loginError));
      setSuspended(isApiError(error) && error.code === ErrorCode.ACCOUNT_SUSPENDED);
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <FormField label={auth.email} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label={auth.password} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormError message={serverError} />
      {suspended ? (
        <Link
          to={paths.dataRights.href()}
          onClick={onDone}
          className="focus-ring block rounded text-sm font-medium text-accent-text underline underline-offset-4"
        >
          {dataRightsLinkPage.fromLogin}
        </Link>
      ) : null}
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel={auth.loggingIn}>
        {auth.loginButton}
      </Button>
    </form>
  );
}

function SignupForm({ onDone }: { onDone: () => void }) {
  const { signup } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.input<typeof SignupFormSchema>, unknown, z.output<typeof SignupFormSchema>>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { email: '', password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ confirm_password: _confirm, ...payload }) => {
    setServerError(null);
    try {
      await signup(payload);
      toast.success(auth.signupSuccess);
      onDone();
    } catch (error) {
      setServerError(errorMessage(error, auth.signupError));
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <FormField label={auth.email} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label={auth.displayName} optionalLabel={auth.optional} error={errors.display_name?.message}>
        <Input autoComplete="name" {...form.register('display_name', { setValueAs: emptyToUndefined })} />
      </FormField>
      <FormField label={auth.username} optionalLabel={auth.optional} error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          {...form.register('username', { setValueAs: emptyToUndefined })}
        />
      </FormField>
      <FormField label={auth.password} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label={auth.confirmPassword} error={errors.confirm_password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirm_password')} />
      </FormField>
      <FormError message={serverError} />
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel={auth.signingUp}>
        {auth.signupButton}
      </Button>
    </form>
  );
}

/**
 * The login/signup dialog (spec 1 section 2: a dialog switching between two modes, not a route).
 * Opened through useAuthDialog(); signup is followed by an automatic login.
 */
export default function AuthDialog({
  open,
  mode,
  onModeChange,
  onOpenChange,
}: {
  open: boolean;
  mode: AuthDialogMode;
  onModeChange: (mode: AuthDialogMode) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const close = () => onOpenChange(false);
  const isLogin = mode === 'login';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title={isLogin ? auth.loginTitle : auth.signupTitle}
        description={isLogin ? auth.loginSubtitle : auth.signupSubtitle}
      >
        {isLogin ? <LoginForm key="login" onDone={close} /> : <SignupForm key="signup" onDone={close} />}
        <div className="mt-5 flex flex-col items-center gap-3 text-sm">
          <button
            type="button"
            className="focus-ring rounded font-medium text-accent-text underline-offset-4 hover:underline"
            onClick={() => onModeChange(isLogin ? 'signup' : 'login')}
          >
            {isLogin ? auth.switchToSignup : auth.switchToLogin}
          </button>
          {isLogin ? (
            <Link
              to={paths.forgotPassword.href()}
              onClick={close}
              className="focus-ring rounded text-slate-700 underline-offset-4 hover:underline"
            >
              {auth.forgotPassword}
            </Link>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
