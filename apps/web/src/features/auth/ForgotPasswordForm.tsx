import { Alert, Anchor, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconAt, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { emailProblem } from '../../lib/validation';

interface ForgotPasswordFormProps {
  initialEmail?: string;
  /** Back to the login form (in the popup); omitted on the /reset-password page. */
  onBack?: () => void;
}

/**
 * "Forgot password?": asks for a reset link. The server answers the same whether or not an
 * account uses the address, and so does this form.
 */
export function ForgotPasswordForm({ initialEmail = '', onBack }: ForgotPasswordFormProps) {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const request = trpc.auth.requestPasswordReset.useMutation();
  const form = useForm({ mode: 'controlled', initialValues: { email: initialEmail }, validate: { email: emailProblem } });

  const submit = form.onSubmit(async ({ email }) => {
    try {
      const result = await request.mutateAsync({ email: email.trim() });
      setSent({ email: email.trim(), message: result.message });
    } catch {
      /* shown below */
    }
  });

  const back = onBack ? (
    <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
      Back to login
    </Anchor>
  ) : null;

  if (sent) {
    return (
      <Stack gap="md" data-testid="forgot-password-sent">
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} aria-hidden />} title="Check your inbox">
          <Text size="sm">{sent.message}</Text>
          <Text size="sm" mt={6} c="dimmed">
            Sent to {sent.email}. Nothing there? Look in the spam folder, or ask again in a minute.
          </Text>
        </Alert>
        {back}
      </Stack>
    );
  }

  const busy = request.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Reset your password
          </Title>
          <Text size="sm" c="dimmed">
            Enter the e-mail address of your account. We mail you a link to choose a new password.
          </Text>
        </div>
        <TextInput
          label="Email Address"
          type="email"
          autoComplete="email"
          placeholder="you@studio.com"
          leftSection={<IconAt size={16} aria-hidden />}
          required
          disabled={busy}
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        {request.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {errorMessage(request.error)}
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
          {busy ? 'Processing...' : 'Send reset link'}
        </Button>
        {back}
      </Stack>
    </form>
  );
}
