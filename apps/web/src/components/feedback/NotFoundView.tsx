import { Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Unknown routes (§2, §8): a default 'Not Found' paragraph and a way back. */
export function NotFoundView() {
  return (
    <Stack align="center" gap="sm" py={80} px="md" ta="center" data-testid="not-found">
      <Text fz={72} fw={800} lh={1} variant="gradient" aria-hidden>
        404
      </Text>
      <Text fz="xl" fw={600}>
        Not Found
      </Text>
      <Text c="dimmed" maw={420}>
        There is nothing at this address. Check the link, or head back to your dashboard.
      </Text>
      <Button component={Link} to="/" mt="md" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        Back to dashboard
      </Button>
    </Stack>
  );
}
