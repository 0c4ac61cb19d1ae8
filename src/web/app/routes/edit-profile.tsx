import { zodResolver } from '@hookform/resolvers/zod';
import { Camera, Lightbulb } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { AVATAR_ACCEPTED_MIME_TYPES, BIO_COMPLETE_MIN_LENGTH, BIO_MAX_LENGTH } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { common, pageTitles } from '#shared/messages/common.ts';
import { emailVerification } from '#shared/messages/email-verification.ts';
import { profile, profilePage } from '#shared/messages/profile.ts';
import { UpdateMeRequestSchema } from '#shared/schemas/users.ts';
import { userDisplayName } from '#web/components/layout/account-menu.tsx';
import { AccessDenied } from '#web/components/layout/dashboard-shell.tsx';
import { RoleBadge } from '#web/components/layout/role-badge.tsx';
import { useToggleRoleWithCharter } from '#web/components/layout/use-role-toggle.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PageSkeleton } from '#web/components/ui/skeleton.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { BlockedListCard } from '#web/features/blocks/components/blocked-list.tsx';
import { DataRightsCard } from '#web/features/privacy/components/data-rights-card.tsx';
import { useUpdateMe } from '#web/features/users/api/update-me.ts';
import { avatarFileProblem, useUploadAvatar } from '#web/features/users/api/upload-avatar.ts';
import { errorMessage, isApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import type { CurrentUser } from '#shared/schemas/users.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

type FormInput = z.input<typeof UpdateMeRequestSchema>;
type FormOutput = z.output<typeof UpdateMeRequestSchema>;

/** The answers that concern the current-password field: shown under it rather than in a toast. */
const CURRENT_PASSWORD_ERRORS = new Set<string>([
  ErrorCode.CURRENT_PASSWORD_REQUIRED,
  ErrorCode.CURRENT_PASSWORD_WRONG,
]);

/** An empty username (or password) is left out (the server keeps the current one) rather than refused. */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

function PhotoUpload({ user, name }: { user: CurrentUser; name: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast.error(profile.uploadError, { description: problem });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(profile.photoUpdated, { description: profile.photoUpdatedText }),
      onError: (error) => toast.error(profile.uploadError, { description: errorMessage(error, profile.uploadError) }),
    });
  };
  return (
    <div className="flex items-center gap-4">
      <Avatar name={name} src={user.avatar_url} size="xl" />
      <div className="space-y-2">
        <p className="font-medium text-ink">{profile.photo}</p>
        <input
          ref={inputRef}
          id="avatar-file"
          type="file"
          accept={AVATAR_ACCEPTED_MIME_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFile}
        />
        <Button
          variant="outline"
          size="sm"
          onClick={() => inputRef.current?.click()}
          loading={upload.isPending}
          loadingLabel={profile.uploading}
        >
          <Camera size={18} aria-hidden="true" />
          {profile.changePhoto}
        </Button>
        <p className="text-sm text-ink-muted">{profile.photoHint}</p>
      </div>
    </div>
  );
}

function HelperModeSwitch() {
  const { isHelper, isAdmin } = useAuth();
  const toggleRole = useToggleRoleWithCharter();
  const [pending, setPending] = useState(false);
  if (isAdmin) return null;
  const onChange = async () => {
    if (pending) return;
    setPending(true);
    try {
      if ((await toggleRole()) === null) return;
      toast.success(profile.roleUpdated);
    } catch (error) {
      toast.error(common.error, { description: errorMessage(error, profile.roleError) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card>
      <CardTitle>{profilePage.roleTitle}</CardTitle>
      <div className="mt-4 flex items-start justify-between gap-4">
        <div>
          <label htmlFor="helper-mode" className="font-medium text-ink">
            {profile.helperMode}
          </label>
          <p id="helper-mode-hint" className="text-sm text-ink-muted">
            {profile.helperModeHint}
          </p>
        </div>
        <Switch
          id="helper-mode"
          checked={isHelper}
          aria-busy={pending || undefined}
          onCheckedChange={() => void onChange()}
          aria-describedby="helper-mode-hint"
        />
      </div>
    </Card>
  );
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const { isHelper } = useAuth();
  const updateMe = useUpdateMe();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(UpdateMeRequestSchema),
    defaultValues: {
      display_name: user.display_name ?? '',
      username: user.username ?? '',
      email: user.email,
      bio: user.bio ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [displayName, username, bio, email, newPassword] = form.watch([
    'display_name',
    'username',
    'bio',
    'email',
    'new_password',
  ]);
  // The server asks for the current password only for these two changes (a stolen token is not enough).
  const asksCurrentPassword = (email ?? '').trim().toLowerCase() !== user.email.toLowerCase() || Boolean(newPassword);
  const previewName = displayName?.trim() || userDisplayName(user);
  const bioLength = (bio ?? '').trim().length;
  const backToProfile = paths.dashboard.href('profile');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await updateMe.mutateAsync(
        asksCurrentPassword ? values : { ...values, current_password: undefined },
      );
      const emailAsked = (values.email ?? '').toLowerCase() !== user.email.toLowerCase();
      toast.success(
        profile.updated,
        emailAsked && updated.pending_email
          ? { description: emailVerification.changeRequested(updated.pending_email) }
          : undefined,
      );
      void navigate(backToProfile);
    } catch (error) {
      if (isApiError(error) && error.code !== null && CURRENT_PASSWORD_ERRORS.has(error.code)) {
        form.setError('current_password', { message: errorMessage(error, profile.updateError) }, { shouldFocus: true });
        return;
      }
      toast.error(common.error, { description: errorMessage(error, profile.updateError) });
    }
  });

  return (
    // grid-cols-1 (minmax(0, 1fr)), min-w-0 and wrap-anywhere: a long unbroken name or username wraps
    // in the preview instead of widening the page at 360 px (break-words does not shrink a grid column).
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <aside className="min-w-0 lg:col-span-1">
        <Card className="lg:sticky lg:top-24">
          <CardTitle>{profilePage.previewTitle}</CardTitle>
          <div className="mt-4 flex flex-col items-center text-center">
            <Avatar name={previewName} src={user.avatar_url} size="xl" />
            <p className="mt-3 max-w-full text-lg font-semibold text-ink wrap-anywhere">{previewName}</p>
            {username ? <p className="max-w-full text-ink-muted wrap-anywhere">@{username}</p> : null}
            <RoleBadge role={user.role} className="mt-2" />
            <p className="mt-4 text-sm whitespace-pre-line break-words text-slate-700">
              {bio?.trim() || profile.noBio}
            </p>
          </div>
        </Card>
      </aside>

      <div className="min-w-0 space-y-6 lg:col-span-2">
        <Card>
          <PhotoUpload user={user} name={previewName} />
        </Card>

        <HelperModeSwitch />

        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6">
          <Card className="space-y-5">
            <CardTitle>{profilePage.detailsTitle}</CardTitle>
            <FormField label={profile.displayName} error={errors.display_name?.message}>
              <Input autoComplete="name" {...form.register('display_name')} />
            </FormField>
            <FormField label={profile.username} error={errors.username?.message}>
              <Input
                autoComplete="username"
                autoCapitalize="none"
                {...form.register('username', { setValueAs: emptyToUndefined })}
              />
            </FormField>
            <FormField
              label={profile.email}
              error={errors.email?.message}
              hint={user.pending_email ? emailVerification.pendingChange(user.pending_email) : undefined}
            >
              <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
            </FormField>
            <FormField label={profile.newPassword} error={errors.new_password?.message} hint={profile.newPasswordHint}>
              <Input
                type="password"
                autoComplete="new-password"
                {...form.register('new_password', { setValueAs: emptyToUndefined })}
              />
            </FormField>
            {asksCurrentPassword ? (
              <FormField
                label={profile.currentPassword}
                error={errors.current_password?.message}
                hint={profile.currentPasswordHint}
              >
                <Input
                  type="password"
                  autoComplete="current-password"
                  {...form.register('current_password', { setValueAs: emptyToUndefined })}
                />
              </FormField>
            ) : null}
            <FormField
              label={profile.bio}
              error={errors.bio?.message}
              hint={profilePage.bioLength(bioLength, BIO_MAX_LENGTH)}
            >
              <Textarea
                rows={6}
                placeholder={profile.bioPlaceholder}
                maxLength={BIO_MAX_LENGTH}
                {...form.register('bio')}
              />
            </FormField>
            <p
              className={
                bioLength > BIO_COMPLETE_MIN_LENGTH
                  ? 'flex gap-2 text-sm text-ink-muted'
                  : 'flex gap-2 rounded-xl bg-warning-soft p-3 text-sm text-warning'
              }
            >
              <Lightbulb size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
              {profile.bioNudge}
            </p>
          </Card>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <ButtonLink to={backToProfile} variant="outline">
              {profile.cancel}
            </ButtonLink>
            <Button type="submit" loading={isSubmitting} loadingLabel={common.saving}>
              {profile.save}
            </Button>
          </div>
        </form>

        {isHelper ? (
          <Card data-tone="helper" className="bg-helper-tint">
            <CardTitle>{profile.helperSectionTitle}</CardTitle>
            <p className="mt-2 text-slate-700">{profile.helperSectionText}</p>
            <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <ButtonLink to={paths.createOffer.href()}>{profilePage.helperCreateOffer}</ButtonLink>
              <ButtonLink to={paths.dashboard.href('offers')} variant="outline">
                {profilePage.helperOffers}
              </ButtonLink>
              <ButtonLink to={paths.manageAvailability.href()} variant="outline">
                {profilePage.helperAvailability}
              </ButtonLink>
            </div>
          </Card>
        ) : null}

        {/* Issue 13 section 2: the people one blocked, each with "Débloquer". */}
        <BlockedListCard />

        {/* Issue 13 section 4: a copy of one's data, and erasure. */}
        <DataRightsCard />
      </div>
    </div>
  );
}

/** /edit-profile (spec 1 section 2 "Edit profile"); login required, else "Accès restreint". */
export default function EditProfilePage() {
  useDocumentTitle(pageTitles.editProfile);
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSkeleton />;
  if (!user) return <AccessDenied title={profile.restricted} text={profile.restrictedHint} />;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-3xl font-semibold text-ink">{profile.title}</h1>
      <ProfileForm key={user.id} user={user} />
    </div>
  );
}
