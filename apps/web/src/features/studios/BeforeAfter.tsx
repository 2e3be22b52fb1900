import { Box, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** The original and the result stacked; the slider wipes between them (left of the line: before). */
export function BeforeAfter({ before, after, alt }: { before: string; after: string; alt: string }) {
  const [position, setPosition] = useState(50);
  return (
    <Stack gap={6}>
      <Box pos="relative" style={{ overflow: 'hidden', borderRadius: 8, lineHeight: 0, userSelect: 'none' }} data-testid="before-after">
        <img src={after} alt={`${alt} (after)`} style={{ width: '100%', display: 'block' }} data-testid="after-image" />
        <img
          src={before}
          alt={`${alt} (before)`}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            clipPath: `inset(0 ${100 - position}% 0 0)`,
          }}
        />
        <Box
          aria-hidden
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `${position}%`,
            width: 2,
            marginLeft: -1,
            background: 'white',
            boxShadow: '0 0 4px rgba(0,0,0,.6)',
          }}
        />
        <Text
          size="xs"
          fw={600}
          c="white"
          style={{ position: 'absolute', top: 8, left: 8, lineHeight: 1.4, background: 'rgba(0,0,0,.5)', padding: '2px 6px', borderRadius: 4 }}
        >
          Before
        </Text>
        <Text
          size="xs"
          fw={600}
          c="white"
          style={{ position: 'absolute', top: 8, right: 8, lineHeight: 1.4, background: 'rgba(0,0,0,.5)', padding: '2px 6px', borderRadius: 4 }}
        >
          After
        </Text>
      </Box>
      <Slider thumbLabel="Before / after" value={position} onChange={setPosition} min={0} max={100} label={(v) => `${v} % before`} />
    </Stack>
  );
}
