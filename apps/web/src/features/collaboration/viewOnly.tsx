import { Badge, Text } from '@mantine/core';
import { IconEye, IconUsers } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext } from 'react';
import { LazyTooltip, LazyTooltipFloating } from '../../components/LazyTooltip';
import { type ProjectAccess, useProjectAccess } from './useProjectAccess';

/** What a viewer sees on every write control of a project shared with them. */
export const VIEW_ONLY_LABEL = 'View only';

const ProjectAccessContext = createContext<ProjectAccess | null>(null);

/**
 * Around every /projects/{projectId}/… screen: the visitor's access to that project, from the one
 * access hook (useProjectAccess), for every control below it.
 */
export function ProjectAccessProvider({ projectId, children }: { projectId: string; children: ReactNode }) {
  const access = useProjectAccess(projectId);
  return <ProjectAccessContext.Provider value={access}>{children}</ProjectAccessContext.Provider>;
}

/**
 * The access of the project screen this is rendered in. `viewOnly` is true only for a viewer of a
 * shared project (and while a project's access is still unknown); outside a project — or for a
 * guest, whose writes open the login popup instead — everything stays editable.
 */
export function useEditAccess(): ProjectAccess & { viewOnly: boolean } {
  const access = useContext(ProjectAccessContext);
  if (!access) return { role: 'owner', canEdit: true, isOwner: true, shared: false, ownerEmail: null, viewOnly: false };
  return { ...access, viewOnly: !access.canEdit };
}

/**
 * Write controls: for a viewer every button and field inside is disabled (one native
 * `<fieldset disabled>`) and hovering them says "View only"; for everyone else the children render
 * unchanged. `inline` keeps the surrounding layout (a row of buttons in a header).
 */
export function ViewOnly({ children, inline = false }: { children: ReactNode; inline?: boolean }) {
  const { viewOnly } = useEditAccess();
  if (!viewOnly) return <>{children}</>;
  return (
    <LazyTooltipFloating label={VIEW_ONLY_LABEL} position="top" role="tooltip">
      <fieldset
        disabled
        data-testid="view-only-controls"
        style={inline ? { display: 'contents' } : { border: 0, margin: 0, padding: 0, minWidth: 0 }}
      >
        {children}
      </fieldset>
    </LazyTooltipFloating>
  );
}

/**
 * In an editor's header, beside its title: who shared the project and what the role allows. Part of
 * the header's layout, so it never covers the canvas or the timeline.
 */
export function ProjectAccessBadge() {
  const access = useContext(ProjectAccessContext);
  if (!access?.shared) return null;
  const viewer = access.role === 'viewer';
  return (
    <LazyTooltip
      label={
        viewer
          ? `Shared by ${access.ownerEmail}: you can look, not change, generate or export`
          : `Shared by ${access.ownerEmail}: generations are charged to your credits`
      }
      multiline
      w={260}
    >
      <Badge
        size="sm"
        color={viewer ? 'gray' : 'blue'}
        variant="filled"
        leftSection={viewer ? <IconEye size={12} aria-hidden /> : <IconUsers size={12} aria-hidden />}
        // On a phone the badge keeps its place in the header row: the icon, with the words for screen readers.
        px={{ base: 6, sm: 'xs' }}
        style={{ flexShrink: 0 }}
        aria-label={viewer ? VIEW_ONLY_LABEL : 'Shared · Editor'}
        data-testid={viewer ? 'project-view-only' : 'project-shared-editor'}
      >
        <Text span inherit visibleFrom="sm">
          {viewer ? VIEW_ONLY_LABEL : 'Shared · Editor'}
        </Text>
      </Badge>
    </LazyTooltip>
  );
}
