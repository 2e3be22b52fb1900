import { Center, Loader } from '@mantine/core';

/** The spinner shown while a screen (its code or its data) loads. */
export function PageLoader({ label = 'Loading', fullHeight = false }: { label?: string; fullHeight?: boolean }) {
  return (
    <Center mih={fullHeight ? '100dvh' : 320} role="status" aria-live="polite" aria-label={label} data-testid="page-loader">
      <Loader size="md" />
    </Center>
  );
}
