import { ActionIcon } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { useProjectAccess } from '../collaboration/useProjectAccess';
import type { ShareTarget } from './ShareLinks';

// The link manager (a modal with a select, the links list) loads when Share is pressed, not with every card.
const ShareLinkModal = lazy(() => import('./ShareLinks').then((m) => ({ default: m.ShareLinkModal })));

/**
 * "Share" — opens the public-link manager for a finished generation or export (guests get the login popup).
 * `compact`: an icon button, for generation cards (dashboard, history).
 */
export function ShareButton({ target, disabled, compact = false }: { target: ShareTarget; disabled?: boolean; compact?: boolean }) {
  const [opened, setOpened] = useState(false);
  const guard = useRequireLogin();
  return (
    <>
      {compact ? (
        <LazyTooltip label="Share a public link">
          <ActionIcon
            variant="default"
            size="md"
            radius="xl"
            aria-label="Share"
            disabled={disabled}
            data-testid="share-card-button"
            onClick={(e) => {
              e.stopPropagation();
              guard('createShareLink', () => setOpened(true));
            }}
          >
            <IconShare size={15} aria-hidden />
          </ActionIcon>
        </LazyTooltip>
      ) : (
        <GuardedButton
          action="createShareLink"
          onAction={() => setOpened(true)}
          variant="light"
          disabled={disabled}
          leftSection={<IconShare size={16} aria-hidden />}
          data-testid="share-button"
        >
          Share
        </GuardedButton>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <ShareLinkModal target={target} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** "Share" for a finished export: only the project's owner may publish a project's export. */
export function ExportShareButton({ projectId, exportId }: { projectId: string; exportId: string }) {
  const { isOwner } = useProjectAccess(projectId);
  return isOwner ? <ShareButton target={{ exportId }} /> : null;
}
