import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage, isLoginRequiredError } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog, RenameDialog } from './ChatDialogs';
import type { Conversation } from './chatState';

export type ConversationRef = Pick<Conversation, 'id' | 'title' | 'isArchived'>;

export interface ConversationActions {
  rename: (c: ConversationRef) => void;
  toggleArchive: (c: ConversationRef) => void;
  askDelete: (c: ConversationRef) => void;
  /** Ids with an archive change in flight. */
  pendingIds: ReadonlySet<string>;
}

export function showError(title: string, error: unknown): void {
  // A guest's refused write already opened the login popup with its own toast.
  if (isLoginRequiredError(error)) return;
  notifications.show({ color: 'red', title, message: errorMessage(error) });
}

/** Rename, archive/unarchive and delete (with confirmation) of a conversation, for the list and the header alike. */
export function useConversationActions(activeId: string | undefined): { actions: ConversationActions; dialogs: ReactNode } {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const guard = useRequireLogin();
  const update = trpc.chat.update.useMutation();
  const remove = trpc.chat.delete.useMutation();
  const [renaming, setRenaming] = useState<ConversationRef | null>(null);
  const [deleting, setDeleting] = useState<ConversationRef | null>(null);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());

  const afterUpdate = useCallback(
    (conv: Conversation) => {
      utils.chat.byId.setData({ id: conv.id }, (old) => (old ? { ...old, ...conv } : old));
      void utils.chat.list.invalidate();
    },
    [utils],
  );

  const rename = useCallback((c: ConversationRef) => guard('editConversation', () => setRenaming(c)), [guard]);
  const askDelete = useCallback((c: ConversationRef) => guard('deleteConversation', () => setDeleting(c)), [guard]);
  const toggleArchive = useCallback(
    (c: ConversationRef) =>
      guard('editConversationArchive', () => {
        setPendingIds((s) => new Set(s).add(c.id));
        update.mutate(
          { id: c.id, isArchived: !c.isArchived },
          {
            onSuccess: (conv) => {
              afterUpdate(conv);
              notifications.show({
                color: 'teal',
                title: conv.isArchived ? 'Chat archived' : 'Chat restored',
                message: conv.isArchived ? `“${conv.title}” moved to Archived.` : `“${conv.title}” is back in your chats.`,
              });
            },
            onError: (error) => showError(c.isArchived ? 'Could not restore the chat' : 'Could not archive the chat', error),
            onSettled: () =>
              setPendingIds((s) => {
                const next = new Set(s);
                next.delete(c.id);
                return next;
              }),
          },
        );
      }),
    [guard, update.mutate, afterUpdate],
  );

  const actions = useMemo(() => ({ rename, toggleArchive, askDelete, pendingIds }), [rename, toggleArchive, askDelete, pendingIds]);

  const dialogs = (
    <>
      <RenameDialog
        opened={renaming !== null}
        initialTitle={renaming?.title ?? ''}
        loading={update.isPending && renaming !== null}
        onClose={() => setRenaming(null)}
        onSubmit={(title) => {
          if (!renaming) return;
          update.mutate(
            { id: renaming.id, title },
            {
              onSuccess: (conv) => {
                afterUpdate(conv);
                setRenaming(null);
              },
              onError: (error) => showError('Could not rename the chat', error),
            },
          );
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this chat?"
        message={`“${deleting?.title ?? ''}” and all of its messages will be deleted. This cannot be undone.`}
        confirmLabel="Delete chat"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const target = deleting;
          remove.mutate(
            { id: target.id },
            {
              onSuccess: () => {
                setDeleting(null);
                // Leave the deleted chat first, then forget it (a reset while open would refetch it).
                const forget = () => void utils.chat.byId.reset({ id: target.id });
                if (target.id === activeId) void navigate({ to: '/chat' }).then(forget);
                else forget();
                void utils.chat.list.invalidate();
                notifications.show({ color: 'teal', title: 'Chat deleted', message: `“${target.title}” was deleted.` });
              },
              onError: (error) => showError('Could not delete the chat', error),
            },
          );
        }}
      />
    </>
  );

  return { actions, dialogs };
}
