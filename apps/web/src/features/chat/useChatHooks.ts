import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { useAuth } from '../../lib/auth/useAuth';
import { errorAppCode, isClientError } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { applyStreamEvents, type ChatStreamEvent } from './chatState';

/** Whose conversations the chat queries in the cache belong to ('guest' for the demo workspace). */
let cachedViewer: string | undefined;

/**
 * True once the auth start-up check is over and the chat cache belongs to the current viewer.
 * Chat queries share keys between a guest (the demo workspace) and a signed-in user, so when the
 * viewer changes the cached chat data is dropped before anything is read again.
 */
export function useChatViewerReady(): boolean {
  const { user, isLoading } = useAuth();
  const key = isLoading ? undefined : (user?.id ?? 'guest');
  const utils = trpc.useUtils();
  const [synced, setSynced] = useState<string | undefined>(cachedViewer);
  useEffect(() => {
    if (key === undefined) return;
    if (cachedViewer !== key) {
      if (cachedViewer !== undefined) {
        void utils.chat.list.reset();
        void utils.chat.byId.reset();
      }
      cachedViewer = key;
    }
    setSynced(key);
  }, [key, utils]);
  return key !== undefined && synced === key;
}

const MAX_STREAM_RETRIES = 4;

/**
 * Follows the replies still being written (`chat.stream` over SSE) and writes their text into the
 * cached conversation as it arrives (batched per animation frame). An `end` stores the final reply,
 * updates the credits from its balance (the credits link only sees queries and mutations) and
 * refreshes the conversation list. A dropped stream is reopened; the snapshot it starts with
 * puts the text right again.
 */
export function useReplyStream(conversationId: string | null, openIds: string[]): void {
  const utils = trpc.useUtils();
  const key = openIds.join(',');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!conversationId || !key) return;
    const ids = key.split(',');
    let queue: ChatStreamEvent[] = [];
    let frame = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;

    const flush = () => {
      frame = 0;
      if (queue.length === 0) return;
      const events = queue;
      queue = [];
      utils.chat.byId.setData({ id: conversationId }, (old) => (old ? applyStreamEvents(old, events) : old));
      const ends = events.filter((e): e is Extract<ChatStreamEvent, { type: 'end' }> => e.type === 'end');
      if (ends.length > 0) {
        // The balance in each end event reaches the header through the client's creditsBalance link.
        void utils.chat.list.invalidate();
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(flush);
    };

    const subscription = utils.client.chat.stream.subscribe(
      { conversationId, messageIds: ids },
      {
        onData: (event) => {
          queue.push(event as ChatStreamEvent);
          // Hidden tabs get no animation frames: apply at once there.
          if (document.visibilityState === 'hidden') flush();
          else schedule();
        },
        onError: (error) => {
          flush();
          if (closed) return;
          // The conversation or reply is gone (or not ours): read the conversation again, no retry.
          void utils.chat.byId.invalidate({ id: conversationId });
          if (isClientError(error) || errorAppCode(error) === 'NOT_FOUND') return;
          if (attempt < MAX_STREAM_RETRIES) retryTimer = setTimeout(() => setAttempt((a) => a + 1), 1000 * 2 ** attempt);
        },
      },
    );

    return () => {
      closed = true;
      subscription.unsubscribe();
      if (retryTimer) clearTimeout(retryTimer);
      if (frame) cancelAnimationFrame(frame);
      flush();
    };
  }, [conversationId, key, attempt, utils]);

  // A new set of replies to follow starts with a fresh retry budget.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the followed replies change
  useEffect(() => setAttempt(0), [key]);
}

/**
 * The height from the element's top to the bottom of the viewport, so a full-bleed screen fills
 * exactly what is left under the header and any banner above it (which may come and go).
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>): string {
  const [top, setTop] = useState(64);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setTop(Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY)));
    update();
    const observer = new ResizeObserver(update);
    const previous = el.previousElementSibling;
    if (previous) observer.observe(previous);
    if (el.parentElement) observer.observe(el.parentElement);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [ref]);
  return `calc(100dvh - ${top}px)`;
}
