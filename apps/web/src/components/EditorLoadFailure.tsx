import { Box, Center } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProjectNotFound } from '../features/projects/ProjectRedirectScreen';
import { errorStatus } from '../lib/errors';
import { QueryError } from './feedback/QueryError';

/** A message centred on a full-bleed editor's empty page. */
export function EditorMessage({ children }: { children: ReactNode }) {
  return (
    <Center mih="100dvh" p="xl">
      <Box maw={560} w="100%">
        {children}
      </Box>
    </Center>
  );
}

/** An editor whose project could not be opened: 'Project not found' for a 404, else the error with a retry. */
export function EditorLoadFailure({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  return (
    <EditorMessage>{errorStatus(error) === 404 ? <ProjectNotFound /> : <QueryError error={error} title={title} onRetry={onRetry} />}</EditorMessage>
  );
}
