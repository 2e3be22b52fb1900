import { Button, Stack } from '@mantine/core';
import { IconBolt, IconHistory } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

/** /history — every generation, newest first. */
export function HistoryScreen() {
  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow="Library"
        title="History"
        description="Every image, clip, voice-over and text you have generated, newest first, with the credits each one used."
      />
      <ScreenEmptyState
        icon={<IconHistory size={26} stroke={1.6} />}
        title="No generations yet"
        description="When you generate something it shows up here, so you can find, reuse or download it later."
        actions={
          <Button component={Link} to="/quick-create" leftSection={<IconBolt size={16} aria-hidden />}>
            Open Quick Create
          </Button>
        }
      />
    </Stack>
  );
}
