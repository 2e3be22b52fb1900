import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { errorMessage } from '../../lib/errors';

type Outcome<T> = { state: 'running' } | { state: 'done'; result: T } | { state: 'failed'; error: unknown };

interface LinkFromMailProps<T> {
  token: string | undefined;
  /** Uses the link's token once (the links are single use: never twice, not even on a re-render). */
  run: (token: string) => Promise<T>;
  runningLabel: string;
  success: (result: T) => ReactNode;
  /** Extra actions under the error (e.g. "Send a new link"). */
  failureActions?: ReactNode;
}

/** A page opened from a mailed link: uses the token once and shows what happened (loading, error, success). */
export function LinkFromMail<T>({ token, run, runningLabel, success, failureActions }: LinkFromMailProps<T>) {
  const [outcome, setOutcome] = useState<Outcome<T>>({ state: 'running' });
  const used = useRef<string | null>(null);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    if (!token || used.current === token) return;
    used.current = token;
    runRef
      .current(token)
      .then((result) => setOutcome({ state: 'done', result }))
      .catch((error: unknown) => setOutcome({ state: 'failed', error }));
  }, [token]);

  if (!token) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="This page opens from a link in a mail">
        The address is missing its token. Open the link from the mail again, or copy all of it into the address bar.
      </Alert>
    );
  }
  if (outcome.state === 'running') {
    return (
      <Center py="lg">
        <Stack align="center" gap="xs" aria-busy="true">
          <Loader />
          <Text size="sm" c="dimmed">
            {runningLabel}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (outcome.state === 'failed') {
    return (
      <Stack gap="md" data-testid="link-failed">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="This link did not work" role="alert">
          {errorMessage(outcome.error)}
        </Alert>
        {failureActions}
        <ButtonLink to="/" variant="default" fullWidth>
          Back to the studio
        </ButtonLink>
      </Stack>
    );
  }
  return <Stack gap="md">{success(outcome.result)}</Stack>;
}
