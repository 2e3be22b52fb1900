import { MESSAGES } from '@atelier/shared/errors';
import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { track } from '../../lib/analytics';
import { login, register } from '../../lib/auth/store';
import { errorMessage } from '../../lib/errors';
import { ApiError } from '../../lib/http';
import type { LoginTab } from '../../lib/loginPrompt';
import { emailProblem } from '../../lib/validation';
import { ForgotPasswordForm } from './ForgotPasswordForm';

interface FormValues {
  email: string;
  password: string;
  confirmPassword: string;
}

interface LoginFormProps {
  tab: LoginTab;
  onTabChange: (tab: LoginTab) => void;
  /** Called after a successful login or sign-up. */
  onSuccess: () => void;
  /** Called when the visitor follows the Terms or Privacy link (the popup closes itself). */
  onNavigateAway?: () => void;
}

/**
 * The login / sign-up form used by the popup and by the /login and /register pages (§2, §5):
 * tabs Login and Create Account; Email Address, Password and (sign-up only) Confirm Password;
 * 'Processing...' while busy; mismatched passwords are caught before anything is sent; failures show
 * the server's message, else 'An error occurred'.
 */
export function LoginForm({ tab, onTabChange, onSuccess, onNavigateAway }: LoginFormProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** "Forgot password?" swaps the form for the reset request (issue 23); "Back to login" swaps it back. */
  const [forgot, setForgot] = useState(false);
  const isSignUp = tab === 'register';

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: {
      email: emailProblem,
      password: (value) => (value === '' ? 'Password is required' : null),
      confirmPassword: (value, values) => (isSignUp && value !== values.password ? MESSAGES.passwordsDoNotMatch : null),
    },
  });

  const switchTab = (value: string | null) => {
    if (value !== 'login' && value !== 'register') return;
    setFailure(null);
    form.clearErrors();
    onTabChange(value);
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setBusy(true);
    const credentials = { email: values.email.trim(), password: values.password };
    try {
      if (isSignUp) {
        const user = await register(credentials);
        track('user_signup', { method: 'email', userId: user.id });
      } else {
        const user = await login(credentials);
        track('user_login', { method: 'email', userId: user.id });
      }
      form.reset();
      onSuccess();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        for (const field of error.fields) {
          if (field.path === 'email' || field.path === 'password') form.setFieldError(field.path, field.message);
        }
      }
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  });

  if (forgot) return <ForgotPasswordForm initialEmail={form.values.email.trim()} onBack={() => setForgot(false)} />;

  return (
    <Stack gap="lg">
      <Tabs value={tab} onChange={switchTab} variant="pills" radius="md">
        <Tabs.List grow>
          <Tabs.Tab value="login">Login</Tabs.Tab>
          <Tabs.Tab value="register">Create Account</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value={tab} pt="lg">
          <form onSubmit={submit} noValidate aria-label={isSignUp ? 'Create account' : 'Login'}>
            <Stack gap="md">
              <TextInput
                label="Email Address"
                type="email"
                autoComplete="email"
                placeholder="you@studio.com"
                leftSection={<IconAt size={16} aria-hidden />}
                required
                disabled={busy}
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                autoComplete={isSignUp ? 'new-password' : 'current-password'}
                placeholder={isSignUp ? 'Choose a password' : 'Your password'}
                leftSection={<IconLock size={16} aria-hidden />}
                required
                disabled={busy}
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              {isSignUp ? null : (
                <Group justify="flex-end" mt={-8}>
                  <Anchor component="button" type="button" size="xs" onClick={() => setForgot(true)} disabled={busy} data-testid="forgot-password">
                    Forgot password?
                  </Anchor>
                </Group>
              )}
              {isSignUp ? (
                <PasswordInput
                  label="Confirm Password"
                  autoComplete="new-password"
                  placeholder="Repeat the password"
                  leftSection={<IconLock size={16} aria-hidden />}
                  required
                  disabled={busy}
                  key={form.key('confirmPassword')}
                  {...form.getInputProps('confirmPassword')}
                />
              ) : null}

              {failure ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="login-error">
                  {failure}
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
                {busy ? 'Processing...' : isSignUp ? 'Create Account' : 'Login'}
              </Button>

              <Text size="xs" c="dimmed" ta="center">
                By continuing you agree to our{' '}
                <Anchor component={Link} to="/terms" size="xs" onClick={onNavigateAway}>
                  Terms of Service
                </Anchor>{' '}
                and{' '}
                <Anchor component={Link} to="/privacy" size="xs" onClick={onNavigateAway}>
                  Privacy Policy
                </Anchor>
                .
              </Text>
            </Stack>
          </form>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
