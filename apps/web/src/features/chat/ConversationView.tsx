import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconDots,
  IconLayoutColumns,
  IconLayoutList,
  IconMessageCircleSearch,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { memo, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { track } from '../../lib/analytics';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorAppCode, errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { messagePrice } from '../history/generation';
import { ConfirmDialog } from './ChatDialogs';
import { Composer } from './Composer';
import {
  type ChatMessage,
  type ConversationWithMessages,
  groupTurns,
  isConversationId,
  isOpen,
  openReplyIds,
  replaceMessage,
  type Turn,
  withoutMessage,
} from './chatState';
import { ReplyCard, UserMessage } from './MessageCards';
import { ModelPicker } from './ModelPicker';
import { useReplyStream } from './useChatHooks';
import { type ConversationActions, showError } from './useConversationActions';
import { useTextModels } from './useTextModels';

export type ReplyLayout = 'columns' | 'stacked';
export const LAYOUT_STORAGE_KEY = 'atelier-chat-reply-layout';

interface ConversationViewProps {
  conversationId: string;
  ready: boolean;
  actions: ConversationActions;
  /** Mobile: the button that opens the conversation list. */
  listButton: ReactNode;
  /** Extra room at the bottom (the guest banner floats there). */
  bottomInset: number;
}

/** A conversation: header with its models, the turns with side-by-side replies, and the composer. */
export function ConversationView({ conversationId, ready, actions, listButton, bottomInset }: ConversationViewProps) {
  const valid = isConversationId(conversationId);
  const query = trpc.chat.byId.useQuery({ id: conversationId }, { enabled: ready && valid });
  const notFound =
    !valid ||
    (query.error !== null && (errorAppCode(query.error) === 'NOT_FOUND' || errorStatus(query.error) === 404 || errorStatus(query.error) === 400));

  if (notFound) {
    return (
      <Stack h="100%" gap={0}>
        <Group p="sm" hiddenFrom="md">
          {listButton}
        </Group>
        <Stack style={{ flex: 1 }} justify="center" p="xl" data-testid="chat-not-found">
          <ScreenEmptyState
            bare
            icon={<IconMessageCircleSearch size={26} stroke={1.6} />}
            title="Conversation not found"
            description="This chat does not exist, was deleted, or belongs to someone else."
            actions={
              <Button component={Link} to="/chat" variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />}>
                Back to chats
              </Button>
            }
          />
        </Stack>
      </Stack>
    );
  }

  if (query.error) {
    return (
      <Stack h="100%" justify="center" align="center" p="xl">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Could not load this chat" maw={480} w="100%">
          <Text size="sm" mb="sm">
            {errorMessage(query.error)}
          </Text>
          <Button size="xs" color="red" variant="light" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </Alert>
      </Stack>
    );
  }

  if (!query.data) return <ConversationSkeleton listButton={listButton} />;
  return <LoadedConversation conversation={query.data} actions={actions} listButton={listButton} bottomInset={bottomInset} />;
}

function ConversationSkeleton({ listButton }: { listButton: ReactNode }) {
  return (
    <Stack h="100%" gap={0} aria-busy="true" aria-label="Loading the chat" data-testid="chat-loading">
      <Group h={60} px="md" gap="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Box hiddenFrom="md">{listButton}</Box>
        <Skeleton height={16} width={220} radius="xl" />
      </Group>
      <Stack p="xl" gap="lg" maw={900} mx="auto" w="100%">
        <Skeleton height={44} width="55%" radius="lg" ml="auto" />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={160} radius="lg" />
          <Skeleton height={160} radius="lg" />
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

/** Keeps the newest message in view while the reader is at the bottom; leaves them alone when they scrolled up. */
function useStickToBottom(deps: unknown) {
  const viewport = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const onScroll = useCallback(() => {
    const el = viewport.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the content changes
  useLayoutEffect(() => {
    const el = viewport.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [deps]);
  const scrollToBottom = useCallback(() => {
    atBottom.current = true;
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  return { viewport, onScroll, scrollToBottom };
}

function LoadedConversation({
  conversation,
  actions,
  listButton,
  bottomInset,
}: {
  conversation: ConversationWithMessages;
  actions: ConversationActions;
  listButton: ReactNode;
  bottomInset: number;
}) {
  const id = conversation.id;
  const utils = trpc.useUtils();
  const guard = useRequireLogin();
  const { models, nameOf } = useTextModels();
  const [layout, setLayout] = useLocalStorage<ReplyLayout>({ key: LAYOUT_STORAGE_KEY, defaultValue: 'columns', getInitialValueInEffect: false });
  const [draft, setDraft] = useState('');
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [stoppingAll, setStoppingAll] = useState(false);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [participantsError, setParticipantsError] = useState<string | null>(null);

  const send = trpc.chat.send.useMutation();
  const participants = trpc.chat.participants.useMutation();
  const deleteMessage = trpc.chat.deleteMessage.useMutation();

  const openIds = useMemo(() => openReplyIds(conversation.messages), [conversation.messages]);
  useReplyStream(id, openIds);
  const streaming = openIds.length > 0;
  const turns = useMemo(() => groupTurns(conversation.messages, conversation.aiModels), [conversation.messages, conversation.aiModels]);
  const { viewport, onScroll, scrollToBottom } = useStickToBottom(conversation.messages);

  useEffect(() => {
    // Not on touch screens, where focusing would pop the keyboard over the chat.
    if (window.matchMedia('(pointer: fine)').matches) composerRef.current?.focus();
  }, []);

  const patch = useCallback(
    (fn: (c: ConversationWithMessages) => ConversationWithMessages) => utils.chat.byId.setData({ id }, (old) => (old ? fn(old) : old)),
    [utils, id],
  );
  const setBusy = useCallback((messageId: string, busy: boolean) => {
    setBusyIds((s) => {
      const next = new Set(s);
      if (busy) next.add(messageId);
      else next.delete(messageId);
      return next;
    });
  }, []);

  const onSend = () =>
    guard('generateChatReplies', () => {
      const content = draft.trim();
      if (!content || send.isPending || streaming) return;
      send.mutate(
        { id, content },
        {
          onSuccess: (res) => {
            patch((c) => ({ ...c, ...res.conversation, messages: [...c.messages, res.userMessage, ...res.replies] }));
            setDraft('');
            scrollToBottom();
            track('chat_message_sent', { conversationId: id, models: res.replies.length, length: content.length });
            void utils.chat.list.invalidate();
            requestAnimationFrame(() => composerRef.current?.focus());
          },
          onError: (error) => showError('Your message was not sent', error),
        },
      );
    });

  const onStop = useCallback(
    (m: ChatMessage) => {
      setBusy(m.id, true);
      utils.client.chat.stop
        .mutate({ id, messageId: m.id })
        .then((res) => {
          if (!isOpen(res.message)) patch((c) => replaceMessage(c, m.id, res.message));
        })
        .catch((error: unknown) => showError('Could not stop the reply', error))
        .finally(() => setBusy(m.id, false));
    },
    [utils, id, patch, setBusy],
  );

  const onStopAll = () => {
    setStoppingAll(true);
    const open = conversation.messages.filter((m) => m.role === 'assistant' && isOpen(m));
    Promise.all(
      open.map((m) =>
        utils.client.chat.stop.mutate({ id, messageId: m.id }).then((res) => {
          if (!isOpen(res.message)) patch((c) => replaceMessage(c, m.id, res.message));
        }),
      ),
    )
      .catch((error: unknown) => showError('Could not stop the replies', error))
      .finally(() => setStoppingAll(false));
  };

  const onRegenerate = useCallback(
    (m: ChatMessage) =>
      guard('regenerateReply', () => {
        setBusy(m.id, true);
        utils.client.chat.regenerate
          .mutate({ id, messageId: m.id })
          .then((res) => {
            patch((c) => replaceMessage(c, m.id, res.message));
            void utils.chat.list.invalidate();
          })
          .catch((error: unknown) => showError('Could not regenerate the reply', error))
          .finally(() => setBusy(m.id, false));
      }),
    [guard, utils, id, patch, setBusy],
  );

  const onDelete = useCallback((m: ChatMessage) => guard('deleteMessage', () => setDeleting(m)), [guard]);

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    deleteMessage.mutate(
      { id, messageId: target.id },
      {
        onSuccess: () => {
          patch((c) => withoutMessage(c, target.id));
          setDeleting(null);
          void utils.chat.list.invalidate();
        },
        onError: (error) => showError('Could not delete the message', error),
      },
    );
  };

  const onToggleModel = (modelId: string, checked: boolean) =>
    guard('editParticipants', () => {
      setParticipantsError(null);
      participants.mutate(
        { id, addModels: checked ? [modelId] : [], removeModels: checked ? [] : [modelId] },
        {
          onSuccess: (conv) => {
            patch((c) => ({ ...c, ...conv }));
            void utils.chat.list.invalidate();
          },
          onError: (error) => setParticipantsError(errorMessage(error)),
        },
      );
    });

  const multi = conversation.aiModels.length > 1 || turns.some((t) => t.replies.length > 1);
  const effectiveLayout: ReplyLayout = multi ? layout : 'stacked';
  const modelNames = conversation.aiModels.map(nameOf);
  const pricePerMessage = messagePrice(conversation.aiModels.flatMap((mid) => models.filter((m) => m.id === mid)));
  const border = '1px solid var(--mantine-color-default-border)';

  return (
    <Stack h="100%" gap={0} data-testid="chat-conversation" data-conversation-id={id}>
      <Group
        component="header"
        h={60}
        px="md"
        gap="sm"
        justify="space-between"
        wrap="nowrap"
        style={{ borderBottom: border, flexShrink: 0 }}
        bg="var(--mantine-color-body)"
      >
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Box hiddenFrom="md">{listButton}</Box>
          <Stack gap={0} miw={0}>
            <Title order={1} fz="md" lh={1.3} lineClamp={1} style={{ overflowWrap: 'anywhere' }} data-testid="chat-title">
              {conversation.title}
            </Title>
            <Text size="xs" c="dimmed" truncate="end" visibleFrom="sm">
              {conversation.type === 'MULTI' ? 'Side by side' : 'Single model'} · {modelNames.join(', ')}
            </Text>
          </Stack>
          {conversation.isArchived ? (
            <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
              Archived
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {multi ? (
            <SegmentedControl
              size="xs"
              visibleFrom="md"
              value={layout}
              onChange={(v) => setLayout(v as ReplyLayout)}
              aria-label="Reply layout"
              data={[
                {
                  value: 'columns',
                  label: (
                    <Tooltip label="Side by side">
                      <Group gap={4} wrap="nowrap" justify="center">
                        <IconLayoutColumns size={15} aria-hidden />
                        <VisuallyHidden>Side by side</VisuallyHidden>
                      </Group>
                    </Tooltip>
                  ),
                },
                {
                  value: 'stacked',
                  label: (
                    <Tooltip label="Stacked">
                      <Group gap={4} wrap="nowrap" justify="center">
                        <IconLayoutList size={15} aria-hidden />
                        <VisuallyHidden>Stacked</VisuallyHidden>
                      </Group>
                    </Tooltip>
                  ),
                },
              ]}
            />
          ) : null}
          <ModelPicker
            models={models}
            value={conversation.aiModels}
            nameOf={nameOf}
            onToggle={onToggleModel}
            busy={participants.isPending}
            error={participantsError}
          />
          <Menu position="bottom-end" withinPortal shadow="md" width={190}>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="Chat actions">
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={15} aria-hidden />} onClick={() => actions.rename(conversation)}>
                Rename
              </Menu.Item>
              <Menu.Item
                leftSection={conversation.isArchived ? <IconArchiveOff size={15} aria-hidden /> : <IconArchive size={15} aria-hidden />}
                onClick={() => actions.toggleArchive(conversation)}
              >
                {conversation.isArchived ? 'Unarchive' : 'Archive'}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={15} aria-hidden />} onClick={() => actions.askDelete(conversation)}>
                Delete chat
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <ScrollArea style={{ flex: 1 }} viewportRef={viewport} onScrollPositionChange={onScroll} type="auto" scrollbarSize={8}>
        <Stack gap="xl" px={{ base: 'sm', sm: 'lg' }} py="lg" maw={effectiveLayout === 'columns' ? 1320 : 900} mx="auto" w="100%">
          {conversation.isArchived ? (
            <Alert variant="light" color="gray" icon={<IconArchive size={16} />} title="This chat is archived">
              <Group justify="space-between" gap="sm">
                <Text size="sm">It is hidden from your chat list. You can still read and continue it.</Text>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconArchiveOff size={14} aria-hidden />}
                  onClick={() => actions.toggleArchive(conversation)}
                  loading={actions.pendingIds.has(id)}
                >
                  Unarchive
                </Button>
              </Group>
            </Alert>
          ) : null}
          {turns.length === 0 ? (
            <Stack align="center" ta="center" gap={6} py={60} c="dimmed" data-testid="chat-empty">
              <Text fw={600} c="var(--mantine-color-text)">
                No messages yet
              </Text>
              <Text size="sm">
                Send a message below:{' '}
                {modelNames.length > 1 ? `${modelNames.length} models answer side by side.` : `${modelNames[0] ?? 'the model'} answers.`}
              </Text>
            </Stack>
          ) : (
            turns.map((turn) => (
              <TurnView
                key={turn.key}
                turn={turn}
                layout={effectiveLayout}
                nameOf={nameOf}
                busyIds={busyIds}
                onStop={onStop}
                onRegenerate={onRegenerate}
                onDelete={onDelete}
              />
            ))
          )}
        </Stack>
      </ScrollArea>

      <Box px={{ base: 'sm', sm: 'lg' }} pt="xs" pb={`calc(var(--mantine-spacing-sm) + ${bottomInset}px)`} style={{ flexShrink: 0 }}>
        <Box maw={900} mx="auto">
          <Composer
            ref={composerRef}
            value={draft}
            onChange={setDraft}
            onSend={onSend}
            streaming={streaming}
            onStop={onStopAll}
            stopping={stoppingAll}
            sending={send.isPending}
            hint={
              conversation.aiModels.length > 1
                ? `${conversation.aiModels.length} models answer · ${pricePerMessage}`
                : `${modelNames[0] ?? 'The model'} answers · ${pricePerMessage}`
            }
          />
        </Box>
      </Box>

      <ConfirmDialog
        opened={deleting !== null}
        title={deleting?.role === 'user' ? 'Delete this message?' : 'Delete this reply?'}
        message={
          deleting?.role === 'user'
            ? 'The message and the replies to it will be deleted. This cannot be undone.'
            : `The reply from ${nameOf(deleting?.modelId ?? null)} will be deleted. This cannot be undone.`
        }
        confirmLabel="Delete"
        loading={deleteMessage.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

interface TurnViewProps {
  turn: Turn;
  layout: ReplyLayout;
  nameOf: (id: string | null) => string;
  busyIds: ReadonlySet<string>;
  onStop: (m: ChatMessage) => void;
  onRegenerate: (m: ChatMessage) => void;
  onDelete: (m: ChatMessage) => void;
}

/** One turn: the user's message, then each model's reply — in columns side by side, or stacked. */
const TurnView = memo(function TurnView({ turn, layout, nameOf, busyIds, onStop, onRegenerate, onDelete }: TurnViewProps) {
  const n = turn.replies.length;
  const cards = turn.replies.map((r) => (
    <ReplyCard
      key={r.id}
      message={r}
      modelName={nameOf(r.modelId)}
      busy={busyIds.has(r.id)}
      onStop={onStop}
      onRegenerate={onRegenerate}
      onDelete={onDelete}
    />
  ));
  return (
    <Stack gap="sm" component="section" aria-label="Message and replies" data-testid="chat-turn">
      {turn.user ? <UserMessage message={turn.user} onDelete={onDelete} /> : null}
      {n === 0 ? null : layout === 'columns' && n > 1 ? (
        <SimpleGrid cols={{ base: 1, md: Math.min(n, 2), xl: Math.min(n, 4) }} spacing="sm" data-testid="reply-columns">
          {cards}
        </SimpleGrid>
      ) : (
        <Stack gap="sm" data-testid="reply-stack">
          {cards}
        </Stack>
      )}
    </Stack>
  );
});
