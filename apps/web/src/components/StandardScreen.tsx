import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenEmptyState } from './ScreenEmptyState';
import { ScreenHeader } from './ScreenHeader';

interface StandardScreenProps {
  eyebrow: string;
  title: string;
  description: string;
  headerActions?: ReactNode;
  /** Shown above the empty state (filters, a form…). */
  children?: ReactNode;
  empty: { icon: ReactNode; title: string; description: string; actions?: ReactNode };
}

/** A screen made of a header and its real empty state (the screen's issue adds the data). */
export function StandardScreen({ eyebrow, title, description, headerActions, children, empty }: StandardScreenProps) {
  return (
    <Stack gap="lg">
      <ScreenHeader eyebrow={eyebrow} title={title} description={description} actions={headerActions} />
      {children}
      <ScreenEmptyState icon={empty.icon} title={empty.title} description={empty.description} actions={empty.actions} />
    </Stack>
  );
}
