import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A secret the server shows only once (an API key, a webhook signing secret): what to do with it,
 * the value itself and a copy button. The dialog around it says when it was made and closes it.
 */
export function OneTimeSecret({ value, testId, copyLabel, children }: { value: string; testId: string; copyLabel: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconKey size={18} aria-hidden />}>
        {children}
      </Alert>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Copied' : copyLabel}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
