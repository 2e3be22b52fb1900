import { Alert, Box, Group, Paper, ScrollArea, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconBulb, IconCode, IconListCheck, IconMessageChatbot, IconPencil } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth/useAuth';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { messagePrice } from '../history/generation';
import { Composer } from './Composer';
import { MAX_PARTICIPANTS } from './chatState';
import { ModelPicker } from './ModelPicker';
import { showError } from './useConversationActions';
import { useTextModels } from './useTextModels';

const SUGGESTIONS = [
  { icon: IconBulb, title: 'Brainstorm', prompt: 'Give me five name ideas for a cosy neighbourhood coffee shop, with a one-line reason for each.' },
  { icon: IconListCheck, title: 'Plan', prompt: 'How do I plan a product launch for a small online shop in four weeks?' },
  { icon: IconPencil, title: 'Write', prompt: 'Write a short, friendly welcome email for new subscribers to a photography newsletter.' },
  { icon: IconCode, title: 'Explain', prompt: 'Explain the difference between a list and a tuple in Python, with a short code example.' },
] as const;

interface NewChatViewProps {
  listButton: ReactNode;
  bottomInset: number;
}

/**
 * /chat: a new chat. Choose the models, write (or pick a suggestion) and send: the conversation is
 * created with those models, the message sent, and the page moves to /chat/{id} where the replies stream.
 */
export function NewChatView({ listButton, bottomInset }: NewChatViewProps) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const guard = useRequireLogin();
  const { isAuthenticated } = useAuth();
  const { models, nameOf, defaultModelId, isLoading: modelsLoading, error: modelsError } = useTextModels();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  // A chat created for a message that then failed to send is reused by the next attempt.
  const created = useRef<{ id: string; models: string } | null>(null);

  const selected = chosen ?? (defaultModelId ? [defaultModelId] : []);
  const price = messagePrice(selected.flatMap((id) => models.filter((m) => m.id === id)));

  useEffect(() => {
    // Not on touch screens, where focusing would pop the keyboard over the chat.
    if (window.matchMedia('(pointer: fine)').matches) composerRef.current?.focus();
  }, []);

  const onToggle = (modelId: string, checked: boolean) => {
    const next = checked ? [...selected, modelId].slice(0, MAX_PARTICIPANTS) : selected.filter((m) => m !== modelId);
    if (next.length > 0) setChosen(next);
  };

  const onSend = () =>
    guard('generateChatReplies', async () => {
      const content = draft.trim();
      if (!content || sending || selected.length === 0) return;
      setSending(true);
      try {
        const key = selected.join(',');
        let id = created.current?.models === key ? created.current.id : null;
        if (!id) {
          const conversation = await utils.client.chat.create.mutate({ aiModels: selected });
          id = conversation.id;
          created.current = { id, models: key };
        }
        const res = await utils.client.chat.send.mutate({ id, content });
        utils.chat.byId.setData({ id }, { ...res.conversation, messages: [res.userMessage, ...res.replies] });
        track('chat_message_sent', { conversationId: id, models: res.replies.length, length: content.length });
        void utils.chat.list.invalidate();
        created.current = null;
        await navigate({ to: '/chat/$conversationId', params: { conversationId: id } });
      } catch (error) {
        showError('Your message was not sent', error);
        setSending(false);
      }
    });

  const pick = (prompt: string) => {
    setDraft(prompt);
    requestAnimationFrame(() => {
      const el = composerRef.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(prompt.length, prompt.length);
    });
  };

  return (
    <Stack h="100%" gap={0} data-testid="chat-new">
      <Group
        component="header"
        h={60}
        px="md"
        gap="sm"
        justify="space-between"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
        bg="var(--mantine-color-body)"
      >
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Box hiddenFrom="md">{listButton}</Box>
          <Title order={1} fz="md" lineClamp={1}>
            New chat
          </Title>
        </Group>
        <ModelPicker
          models={models}
          value={selected}
          nameOf={nameOf}
          onToggle={onToggle}
          loading={modelsLoading}
          disabled={sending}
          error={modelsError ? errorMessage(modelsError) : null}
        />
      </Group>

      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap="xl" align="center" px={{ base: 'md', sm: 'xl' }} py={{ base: 'xl', sm: 56 }} maw={820} mx="auto">
          <Stack gap="sm" align="center" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconMessageChatbot size={30} stroke={1.6} aria-hidden />
            </ThemeIcon>
            <Text size="xs" fw={700} tt="uppercase" c="brand" style={{ letterSpacing: '0.08em' }}>
              AI Chat
            </Text>
            <Title order={2} fz={{ base: 24, sm: 30 }}>
              Ask once, compare several answers
            </Title>
            <Text c="dimmed" maw={560}>
              Choose up to {MAX_PARTICIPANTS} models with the picker above — each one answers your message, side by side, as it writes.
              {isAuthenticated ? '' : ' Log in to start chatting; the demo chat in the list shows how it looks.'}
            </Text>
          </Stack>
          {modelsError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title="Could not load the models" w="100%">
              {errorMessage(modelsError)}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" w="100%" role="list" aria-label="Suggestions">
            {SUGGESTIONS.map((s) => {
              const Icon = s.icon;
              return (
                <UnstyledButton
                  key={s.title}
                  onClick={() => pick(s.prompt)}
                  role="listitem"
                  aria-label={`Suggestion: ${s.prompt}`}
                  data-testid="chat-suggestion"
                >
                  <Paper withBorder radius="lg" p="md" h="100%">
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <ThemeIcon variant="light" radius="md" size="lg">
                        <Icon size={18} aria-hidden />
                      </ThemeIcon>
                      <Stack gap={2} miw={0}>
                        <Text size="sm" fw={650}>
                          {s.title}
                        </Text>
                        <Text size="sm" c="dimmed" lineClamp={2}>
                          {s.prompt}
                        </Text>
                      </Stack>
                    </Group>
                  </Paper>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Stack>
      </ScrollArea>

      <Box px={{ base: 'sm', sm: 'lg' }} pt="xs" pb={`calc(var(--mantine-spacing-sm) + ${bottomInset}px)`} style={{ flexShrink: 0 }}>
        <Box maw={900} mx="auto">
          <Composer
            ref={composerRef}
            value={draft}
            onChange={setDraft}
            onSend={onSend}
            streaming={false}
            onStop={() => undefined}
            sending={sending}
            disabled={selected.length === 0}
            placeholder={selected.length > 1 ? `Message ${selected.length} models…` : `Message ${selected[0] ? nameOf(selected[0]) : 'the model'}…`}
            hint={
              modelsLoading
                ? 'Loading models…'
                : selected.length === 0
                  ? 'Choose a model to chat with'
                  : `${selected.length > 1 ? `${selected.length} models answer` : `${nameOf(selected[0] as string)} answers`} · ${price}`
            }
          />
        </Box>
      </Box>
    </Stack>
  );
}
