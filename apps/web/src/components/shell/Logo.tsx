import { Group, Text } from '@mantine/core';
import { useId } from 'react';

/** The Atelier mark: a gradient tile with an "A". */
export function LogoMark({ size = 30 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <path d="M32 14 L48 50 H40.5 L37.2 42 H26.8 L23.5 50 H16 Z M29.3 35.5 H34.7 L32 28.5 Z" fill="#fff" />
    </svg>
  );
}

/** Mark plus wordmark. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap={large ? 12 : 10} wrap="nowrap">
      <LogoMark size={large ? 40 : 30} />
      <Text component="span" fw={800} fz={large ? 26 : 20} lh={1} style={{ letterSpacing: '-0.03em' }}>
        Atelier
      </Text>
    </Group>
  );
}
