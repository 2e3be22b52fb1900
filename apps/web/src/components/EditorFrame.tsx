import { ActionIcon, Box, Group, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { type Icon, IconLayoutNavbarExpand } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ProjectAccessBadge } from '../features/collaboration/viewOnly';
import { TOGGLE_MAIN_NAV_EVENT } from './shell/useAutoHideHeader';

export interface EditorTool {
  label: string;
  icon: Icon;
}

interface EditorFrameProps {
  /** Editor name, e.g. 'Image Editor'. */
  title: string;
  /** Second line: the project, or what the editor is for. */
  subtitle: string;
  tools: EditorTool[];
  actions: ReactNode;
  /** The centre: canvas, preview or waveform. */
  stage: ReactNode;
  /** The right panel (layers, clip settings…). */
  panel: ReactNode;
  panelTitle: string;
  /** Optional bottom area (timeline). */
  bottom?: ReactNode;
}

/** Full-bleed editor chrome shared by the image, video and sound editors (the main header auto-hides above it). */
export function EditorFrame({ title, subtitle, tools, actions, stage, panel, panelTitle, bottom }: EditorFrameProps) {
  const border = '1px solid var(--mantine-color-default-border)';
  return (
    <Stack gap={0} h="100dvh" data-testid="editor-frame">
      <Group h={56} px="md" justify="space-between" wrap="nowrap" style={{ borderBottom: border }} bg="var(--mantine-color-body)">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
          <Tooltip label="Show main navigation">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Show main navigation"
              onClick={() => window.dispatchEvent(new Event(TOGGLE_MAIN_NAV_EVENT))}
            >
              <IconLayoutNavbarExpand size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <div style={{ minWidth: 0 }}>
            <Group gap={8} wrap="nowrap" miw={0}>
              <Title order={1} fz="md" lh={1.2} style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
                {title}
              </Title>
              {/* A shared project's access, in the header's flow: it never covers the work below. */}
              <ProjectAccessBadge />
            </Group>
            <Text size="xs" c="dimmed" truncate="end">
              {subtitle}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {actions}
        </Group>
      </Group>

      <Group gap={0} align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        {tools.length > 0 && (
          <Stack component="nav" aria-label={`${title} tools`} gap={6} p={8} style={{ borderRight: border }} bg="var(--mantine-color-body)">
            {tools.map((tool) => {
              const ToolIcon = tool.icon;
              return (
                <Tooltip key={tool.label} label={tool.label} position="right">
                  <ActionIcon variant="subtle" color="gray" size="xl" aria-label={tool.label}>
                    <ToolIcon size={20} stroke={1.7} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              );
            })}
          </Stack>
        )}

        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Box
            style={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            p="lg"
            bg="var(--mantine-color-default-hover)"
          >
            {stage}
          </Box>
          {bottom ? (
            <Box style={{ borderTop: border }} bg="var(--mantine-color-body)">
              {bottom}
            </Box>
          ) : null}
        </Stack>

        <Box component="aside" aria-label={panelTitle} w={300} visibleFrom="md" style={{ borderLeft: border }} bg="var(--mantine-color-body)">
          <Stack gap={0} h="100%">
            <Text fw={650} size="sm" p="md" style={{ borderBottom: border }}>
              {panelTitle}
            </Text>
            <ScrollArea style={{ flex: 1 }}>{panel}</ScrollArea>
          </Stack>
        </Box>
      </Group>
    </Stack>
  );
}
