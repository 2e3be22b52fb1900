import { CONVERSATION_PAGE_SIZE } from '@atelier/shared';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  CloseButton,
  Divider,
  Group,
  Loader,
  Menu,
  NavLink,
  type NavLinkProps,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconMessagePlus,
  IconMessages,
  IconPencil,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { createLink, useNavigate } from '@tanstack/react-router';
import { forwardRef, useState } from 'react';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { type Conversation, plainPreview, relativeTime } from './chatState';
import type { ConversationActions } from './useConversationActions';

/** Mantine's NavLink as a router link (typed params, client-side navigation, preloading). */
const RouterNavLink = createLink(
  forwardRef<HTMLAnchorElement, NavLinkProps & { href?: string }>(function RouterNavLink(props, ref) {
    return <NavLink component="a" ref={ref} {...props} />;
  }),
);

interface ConversationSidebarProps {
  activeId: string | undefined;
  actions: ConversationActions;
  ready: boolean;
  /** Called after navigating (closes the mobile drawer). */
  onNavigate?: () => void;
  /** In the mobile drawer, whose header already names the list. */
  inDrawer?: boolean;
}

/** The conversation list: search, Chats/Archived, New chat, and each chat's rename/archive/delete menu. */
export function ConversationSidebar({ activeId, actions, ready, onNavigate, inDrawer = false }: ConversationSidebarProps) {
  const navigate = useNavigate();
  const guard = useRequireLogin();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [view, setView] = useState<'active' | 'archived'>('active');
  const [pageCount, setPageCount] = useState(1);
  const archived = view === 'archived';

  const pages = trpc.useQueries((t) =>
    Array.from({ length: pageCount }, (_, page) =>
      t.chat.list(
        { limit: CONVERSATION_PAGE_SIZE, offset: page * CONVERSATION_PAGE_SIZE, archived, search: debounced || undefined },
        { enabled: ready, placeholderData: (previous) => previous },
      ),
    ),
  );
  const first = pages[0];
  const conversations: Conversation[] = pages.flatMap((p) => p.data?.conversations ?? []);
  const total = first?.data?.total ?? 0;
  const loadingMore = pages.some((p, i) => i > 0 && p.isFetching);
  const error = pages.find((p) => p.error)?.error ?? null;
  const initialLoading = !ready || (first?.isLoading ?? true);

  const startNewChat = () =>
    guard('createConversation', () => {
      void navigate({ to: '/chat' });
      onNavigate?.();
    });

  return (
    <Stack gap={0} h="100%" data-testid="conversation-list">
      <Stack gap="sm" p="md" pb="sm">
        <Group justify="space-between" wrap="nowrap">
          {inDrawer ? null : (
            <Title order={2} fz="md">
              Chats
            </Title>
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMessagePlus size={14} aria-hidden />}
            onClick={startNewChat}
            data-action="createConversation"
            fullWidth={inDrawer}
          >
            New chat
          </Button>
        </Group>
        <TextInput
          size="sm"
          placeholder="Search chats"
          aria-label="Search chats"
          leftSection={<IconSearch size={15} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPageCount(1);
          }}
          rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null}
        />
        <SegmentedControl
          size="xs"
          fullWidth
          value={view}
          onChange={(v) => {
            setView(v as 'active' | 'archived');
            setPageCount(1);
          }}
          data={[
            { value: 'active', label: 'Chats' },
            { value: 'archived', label: 'Archived' },
          ]}
          aria-label="Show chats or archived chats"
        />
      </Stack>
      <Divider />
      <ScrollArea style={{ flex: 1 }} type="auto" scrollbarSize={8}>
        <Stack gap={2} p="xs" component="nav" aria-label="Chats">
          {initialLoading ? (
            Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
              <Stack key={i} gap={6} p="sm">
                <Skeleton height={11} width="70%" radius="xl" />
                <Skeleton height={9} width="90%" radius="xl" />
              </Stack>
            ))
          ) : error && conversations.length === 0 ? (
            <Alert color="red" variant="light" m="xs" icon={<IconAlertTriangle size={16} />} title="Could not load your chats">
              <Text size="xs" mb="xs">
                {errorMessage(error)}
              </Text>
              <Button size="xs" variant="light" color="red" onClick={() => void first?.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : conversations.length === 0 ? (
            <Stack gap={6} align="center" ta="center" py="xl" px="md" data-testid="conversation-list-empty">
              <IconMessages size={26} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text size="sm" fw={600}>
                {debounced ? 'No chats match your search' : archived ? 'No archived chats' : 'No chats yet'}
              </Text>
              <Text size="xs" c="dimmed">
                {debounced
                  ? `Nothing titled “${debounced}”${archived ? ' in Archived' : ''}.`
                  : archived
                    ? 'Chats you archive are kept here, out of the way.'
                    : 'Start a chat and it shows up here, most recent first.'}
              </Text>
            </Stack>
          ) : (
            conversations.map((c) => (
              <ConversationRow key={c.id} conversation={c} active={c.id === activeId} actions={actions} onNavigate={onNavigate} />
            ))
          )}
          {conversations.length > 0 && conversations.length < total ? (
            <Button variant="subtle" size="xs" mt="xs" onClick={() => setPageCount((n) => n + 1)} loading={loadingMore}>
              Show more ({total - conversations.length})
            </Button>
          ) : null}
          {first?.isFetching && !initialLoading && !loadingMore ? (
            <Group justify="center" py={4} aria-label="Refreshing">
              <Loader size="xs" type="dots" />
            </Group>
          ) : null}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

function ConversationRow({
  conversation: c,
  active,
  actions,
  onNavigate,
}: {
  conversation: Conversation;
  active: boolean;
  actions: ConversationActions;
  onNavigate?: () => void;
}) {
  const pending = actions.pendingIds.has(c.id);
  return (
    <Box pos="relative" data-testid="conversation-row" data-conversation-id={c.id}>
      <RouterNavLink
        to="/chat/$conversationId"
        params={{ conversationId: c.id }}
        onClick={onNavigate}
        active={active}
        variant="light"
        label={
          <Group gap={6} wrap="nowrap" justify="space-between" pr={28}>
            <Text size="sm" fw={active ? 650 : 550} truncate="end">
              {c.title}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {relativeTime(c.lastMessageAt)}
            </Text>
          </Group>
        }
        description={
          <Text size="xs" c="dimmed" truncate="end" pr={28}>
            {c.preview ? plainPreview(c.preview) : 'No messages yet'}
          </Text>
        }
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        aria-current={active ? 'page' : undefined}
      />
      <Box pos="absolute" top="50%" right={6} style={{ transform: 'translateY(-50%)' }}>
        <Menu position="bottom-end" withinPortal shadow="md" width={180}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${c.title}`} loading={pending}>
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={15} aria-hidden />} onClick={() => actions.rename(c)}>
              Rename
            </Menu.Item>
            <Menu.Item
              leftSection={c.isArchived ? <IconArchiveOff size={15} aria-hidden /> : <IconArchive size={15} aria-hidden />}
              onClick={() => actions.toggleArchive(c)}
            >
              {c.isArchived ? 'Unarchive' : 'Archive'}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={15} aria-hidden />} onClick={() => actions.askDelete(c)}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Box>
    </Box>
  );
}
