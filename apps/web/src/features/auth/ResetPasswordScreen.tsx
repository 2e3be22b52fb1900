import { MESSAGES } from '@atelier/shared';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { signOutLocally } from '../../lib/auth/store';
import { errorFields, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/**
 * /reset-password?token=… — the link from the reset mail: choose a new password (the same rules as
 * sign-up). Without a token it is the "forgot password" form that sends such a link.
 */
export function ResetPasswordScreen({ token }: { token: string | undefined }) {
  const [done, setDone] = useState(false);
  const confirm = trpc.auth.confirmPasswordReset.useMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (v) => (v === '' ? 'Password is required' : v.length < 8 ? 'Password must be at least 8 characters' : null),
      confirmPassword: (v, all) => (v === all.password ? null : MESSAGES.passwordsDoNotMatch),
    },
  });

  if (!token) return <ForgotPasswordForm />;

  if (done) {
    return (
      <Stack gap="md" data-testid="reset-password-done">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Your password was changed">
          Every session of your account was signed out, on every device. Log in with your new password.
        </Alert>
        <ButtonLink to="/login" fullWidth>
          Log in
        </ButtonLink>
      </Stack>
    );
  }

  const submit = form.onSubmit(async ({ password }) => {
    try {
      await confirm.mutateAsync({ token, password });
      // The server ended every session of the account, this browser's included.
      signOutLocally();
      setDone(true);
    } catch (error) {
      for (const f of errorFields(error)) if (f.path === 'password') form.setFieldError('password', f.message);
    }
  });
  const busy = confirm.isPending;
  const linkProblem = errorFields(confirm.error).some((f) => f.path === 'token');

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Choose a new password
          </Title>
          <Text size="sm" c="dimmed">
            At least 8 characters. Saving it signs your account out everywhere.
          </Text>
        </div>
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          leftSection={<IconLock size={16} aria-hidden />}
          required
          disabled={busy}
          data-autofocus
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          leftSection={<IconLock size={16} aria-hidden />}
          required
          disabled={busy}
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        {confirm.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="reset-password-error">
            <Text size="sm">{errorMessage(confirm.error)}</Text>
            {linkProblem ? (
              <Anchor component={Link} to="/reset-password" size="sm">
                Ask for a new link
              </Anchor>
            ) : null}
          </Alert>
        ) : null}
        <Button
          type="submit"
          size="md"
          fullWidth
          disabled={busy}
          aria-busy={busy}
          leftSection={busy ? <Loader size={16} color="currentColor" /> : null}
        >
          {busy ? 'Processing...' : 'Save new password'}
        </Button>
      </Stack>
    </form>
  );
}
