import { z } from 'zod';
import { authedProcedure, router, viewerProcedure } from '../../trpc';
import * as replies from './chat.replies';
import {
  ZConversation,
  ZConversationId,
  ZConversationPage,
  ZConversationWithMessages,
  ZCreateConversationInput,
  ZListConversationsInput,
  ZMessageRef,
  ZMessageResult,
  ZParticipantsInput,
  ZSendMessageInput,
  ZSendMessageResult,
  ZStreamInput,
  ZUpdateConversationInput,
} from './chat.schema';
import * as chat from './chat.service';
import { openStream } from './chat.stream';

const tags = ['Chat'];
const ZDeleted = z.object({ success: z.literal(true), id: z.string(), creditsBalance: z.number() });

// Spec §7's seven calls, plus stop / regenerate / delete of one message and the `stream` subscription.
// Literal paths come before parameterised ones.
export const chatRouter = router({
  create: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/chat/conversations', tags, summary: 'Start a conversation with one model (SINGLE) or several (MULTI)' },
    })
    .input(ZCreateConversationInput.prefault({}))
    .output(ZConversation)
    .mutation(({ ctx, input }) => chat.createConversation(ctx, input)),
  list: viewerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/chat/conversations',
        tags,
        summary: 'Your conversations, newest activity first (archived ones with archived=true)',
      },
    })
    .input(ZListConversationsInput.prefault({}))
    .output(ZConversationPage)
    .query(({ ctx, input }) => chat.listConversations(ctx, ctx.viewerId, input)),
  byId: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/chat/conversations/{id}', tags, summary: 'One conversation with its messages, oldest first' } })
    .input(ZConversationId)
    .output(ZConversationWithMessages)
    .query(({ ctx, input }) => chat.getConversation(ctx, ctx.viewerId, input.id)),
  send: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/chat/conversations/{id}/messages',
        tags,
        summary: 'Send a message; each answering model gets a PENDING reply, charged now, written in the background',
      },
    })
    .input(ZSendMessageInput)
    .output(ZSendMessageResult)
    .mutation(({ ctx, input }) => replies.sendMessage(ctx, input)),
  update: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/chat/conversations/{id}', tags, summary: 'Archive, unarchive or rename a conversation' } })
    .input(ZUpdateConversationInput)
    .output(ZConversation)
    .mutation(({ ctx, input }) => chat.updateConversation(ctx, input)),
  participants: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/chat/conversations/{id}/participants', tags, summary: 'Add or remove models (at least one stays)' } })
    .input(ZParticipantsInput)
    .output(ZConversation)
    .mutation(({ ctx, input }) => chat.setParticipants(ctx, input)),
  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/chat/conversations/{id}', tags, summary: 'Delete a conversation and its messages' } })
    .input(ZConversationId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => chat.deleteConversation(ctx, input.id)),
  stop: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/chat/conversations/{id}/messages/{messageId}/stop',
        tags,
        summary: 'Stop a reply being written: its text so far stays (refunded only if it had none)',
      },
    })
    .input(ZMessageRef)
    .output(ZMessageResult)
    .mutation(({ ctx, input }) => replies.stopReply(ctx, input)),
  regenerate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/chat/conversations/{id}/messages/{messageId}/regenerate',
        tags,
        summary: 'Replace a finished reply with a new one by the same model (charged again)',
      },
    })
    .input(ZMessageRef)
    .output(ZMessageResult)
    .mutation(({ ctx, input }) => replies.regenerateReply(ctx, input)),
  deleteMessage: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/chat/conversations/{id}/messages/{messageId}',
        tags,
        summary: 'Delete a message (a user message takes its replies with it)',
      },
    })
    .input(ZMessageRef)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => replies.deleteMessage(ctx, input)),
  /**
   * Live replies over SSE (GET /trpc/chat.stream?input=…): `ChatStreamEvent`s until every
   * followed reply has ended. Not mirrored to REST: REST clients read the conversation.
   */
  stream: viewerProcedure
    .input(ZStreamInput)
    .subscription(({ ctx, input, signal }) => openStream(ctx, { id: ctx.viewerId, isGuest: ctx.isGuest }, input, signal)),
});
