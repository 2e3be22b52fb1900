import { ActionIcon, Box, Drawer, Group, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebar } from '@tabler/icons-react';
import { useRef } from 'react';
import { useAuth } from '../../lib/auth/useAuth';
import { STORAGE_KEYS } from '../../lib/storage';
import { ConversationSidebar } from './ConversationSidebar';
import { ConversationView } from './ConversationView';
import { NewChatView } from './NewChatView';
import { useChatViewerReady, useFillHeight } from './useChatHooks';
import { useConversationActions } from './useConversationActions';

/** Room kept under the composer while the guest banner floats over the bottom of the screen. */
const GUEST_BANNER_INSET = { mobile: 150, desktop: 96 };

/**
 * /chat and /chat/{conversationId} (full-bleed): the conversation list on the left (a drawer on
 * small screens) and either a new chat or the open conversation.
 */
export function ChatScreen({ conversationId }: { conversationId?: string }) {
  const root = useRef<HTMLDivElement>(null);
  const height = useFillHeight(root);
  const ready = useChatViewerReady();
  const { isAuthenticated, isLoading } = useAuth();
  const [listOpened, list] = useDisclosure(false);
  const { actions, dialogs } = useConversationActions(conversationId);
  const [guestBannerMinimised] = useLocalStorage<boolean>({
    key: STORAGE_KEYS.guestBannerMinimised,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const guestBannerShown = !isAuthenticated && !isLoading && !guestBannerMinimised;
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const bottomInset = guestBannerShown ? (isMobile ? GUEST_BANNER_INSET.mobile : GUEST_BANNER_INSET.desktop) : 0;

  const listButton = (
    <Tooltip label="Chats">
      <ActionIcon variant="default" size="lg" onClick={list.open} aria-label="Open the chat list">
        <IconLayoutSidebar size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Group ref={root} gap={0} align="stretch" wrap="nowrap" h={height} data-testid="chat-screen">
      <Box
        component="aside"
        aria-label="Conversations"
        w={300}
        visibleFrom="md"
        style={{ borderRight: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
        bg="var(--mantine-color-default)"
      >
        <ConversationSidebar activeId={conversationId} actions={actions} ready={ready} />
      </Box>
      <Drawer
        opened={listOpened}
        onClose={list.close}
        size={320}
        padding={0}
        title="Conversations"
        hiddenFrom="md"
        styles={{ header: { paddingInline: 'var(--mantine-spacing-md)' }, body: { height: 'calc(100% - 60px)' } }}
      >
        <ConversationSidebar activeId={conversationId} actions={actions} ready={ready} onNavigate={list.close} inDrawer />
      </Drawer>

      <Box component="section" aria-label="Conversation" style={{ flex: 1, minWidth: 0 }} h="100%">
        {conversationId ? (
          <ConversationView
            key={conversationId}
            conversationId={conversationId}
            ready={ready}
            actions={actions}
            listButton={listButton}
            bottomInset={bottomInset}
          />
        ) : (
          <NewChatView listButton={listButton} bottomInset={bottomInset} />
        )}
      </Box>
      {dialogs}
    </Group>
  );
}
