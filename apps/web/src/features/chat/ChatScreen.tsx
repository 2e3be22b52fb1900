import { Box, Button, Divider, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMessageChatbot, IconMessageCircleSearch, IconMessagePlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';

/** /chat and /chat/{conversationId}: chat with several AI models at once (full-bleed). */
export function ChatScreen({ conversationId }: { conversationId?: string }) {
  return (
    <Group gap={0} align="stretch" wrap="nowrap" h="calc(100dvh - var(--app-shell-header-offset, 0rem))">
      <Box
        component="aside"
        aria-label="Conversations"
        w={300}
        visibleFrom="sm"
        style={{ borderRight: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
        bg="var(--mantine-color-default)"
      >
        <Stack gap={0} h="100%">
          <Group justify="space-between" p="md">
            <Title order={2} fz="md">
              Conversations
            </Title>
            <GuardedButton action="createConversation" size="xs" variant="light" leftSection={<IconMessagePlus size={14} aria-hidden />}>
              New chat
            </GuardedButton>
          </Group>
          <Divider />
          <ScrollArea style={{ flex: 1 }}>
            <Stack p="md" gap="xs" align="center" ta="center" py="xl">
              <Text size="sm" fw={600}>
                No conversations yet
              </Text>
              <Text size="xs" c="dimmed">
                Your chats are listed here, most recent first.
              </Text>
            </Stack>
          </ScrollArea>
        </Stack>
      </Box>

      <Stack component="section" aria-label="Conversation" style={{ flex: 1, minWidth: 0 }} justify="center" p="xl">
        {conversationId ? (
          <ScreenEmptyState
            bare
            icon={<IconMessageCircleSearch size={26} stroke={1.6} />}
            title="Conversation not found"
            description="This conversation does not exist or is not shared with you."
            actions={
              <Button component={Link} to="/chat" variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />}>
                Back to chats
              </Button>
            }
          />
        ) : (
          <Stack gap="lg" align="center">
            <Stack gap={6} align="center" ta="center">
              <Text size="xs" fw={700} tt="uppercase" c="brand" style={{ letterSpacing: '0.08em' }}>
                AI Chat
              </Text>
              <Title order={1}>Chat with several models at once</Title>
              <Text c="dimmed" maw={560}>
                Ask once and compare answers from different AI models side by side, then keep the best one.
              </Text>
            </Stack>
            <ScreenEmptyState
              bare
              icon={<IconMessageChatbot size={26} stroke={1.6} />}
              title="No messages yet"
              description="Start a conversation, choose the models that should answer, and send your first message."
              actions={
                <GuardedButton action="createConversation" leftSection={<IconMessagePlus size={16} aria-hidden />}>
                  New chat
                </GuardedButton>
              }
            />
          </Stack>
        )}
      </Stack>
    </Group>
  );
}
