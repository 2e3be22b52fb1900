import { CONVERSATION_PAGE_SIZE, DEFAULT_CONVERSATION_TYPE } from '@atelier/shared';
import { z } from 'zod';

export const CHAT_TYPES = ['SINGLE', 'MULTI'] as const;
export const CHAT_MESSAGE_STATUSES = ['PENDING', 'STREAMING', 'COMPLETED', 'FAILED', 'STOPPED'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];
export const TERMINAL_STATUSES: ReadonlySet<ChatMessageStatus> = new Set(['COMPLETED', 'FAILED', 'STOPPED']);

/** Side-by-side answers from more than this many models stop being readable. */
export const MAX_PARTICIPANTS = 4;
export const MAX_CONTENT_CHARS = 16_000;

const ZModelId = z.string().trim().min(1).max(100);
const ZModelList = (name: string, min = 0) =>
  z
    .array(ZModelId)
    .min(min, `${name} needs at least ${min} model`)
    .max(MAX_PARTICIPANTS, `${name} takes at most ${MAX_PARTICIPANTS} models`)
    .refine((a) => new Set(a).size === a.length, `${name} lists a model twice`);

export const ZConversationId = z.object({ id: z.uuid({ error: 'id must be a conversation id' }) }).strict();
export const ZMessageRef = z
  .object({ id: z.uuid({ error: 'id must be a conversation id' }), messageId: z.uuid({ error: 'messageId must be a message id' }) })
  .strict();

export const ZCreateConversationInput = z
  .object({
    /** Optional: derived from the first message when absent or blank. */
    title: z.string().trim().max(200, 'title must be at most 200 characters').optional(),
    /** Defaults to SINGLE (spec §9), or MULTI when several models are given. */
    type: z.enum(CHAT_TYPES).optional(),
    /** Catalogue ids (or names) of available text models; defaults to the default text model. */
    aiModels: ZModelList('aiModels').optional(),
  })
  .strict();
export type CreateConversationInput = z.infer<typeof ZCreateConversationInput>;

/**
 * GET input: query strings are text, so numbers are coerced and booleans spelled out ('true' /
 * 'false'; tRPC callers may send a boolean). Not z.coerce.boolean(): it reads 'false' as true.
 */
const ZQueryBool = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
export const ZListConversationsInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(CONVERSATION_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /** true: only archived conversations; default: only the others. */
    archived: ZQueryBool.default(false),
    /** Case-insensitive match on the title. */
    search: z.string().trim().max(200).optional(),
  })
  .strict();
export type ListConversationsInput = z.infer<typeof ZListConversationsInput>;

export const ZSendMessageInput = z
  .object({
    id: z.uuid({ error: 'id must be a conversation id' }),
    content: z.string().trim().min(1, 'content is required').max(MAX_CONTENT_CHARS, `content must be at most ${MAX_CONTENT_CHARS} characters`),
    /** false stores the message only (no replies, no charge). Default true. */
    generateResponses: z.boolean().default(true),
    /** Which participants answer; default: all of the conversation's models. */
    models: ZModelList('models', 1).optional(),
  })
  .strict();
export type SendMessageInput = z.infer<typeof ZSendMessageInput>;

export const ZUpdateConversationInput = z
  .object({
    id: z.uuid({ error: 'id must be a conversation id' }),
    isArchived: z.boolean().optional(),
    title: z.string().trim().min(1, 'title cannot be empty').max(200, 'title must be at most 200 characters').optional(),
  })
  .strict();
export type UpdateConversationInput = z.infer<typeof ZUpdateConversationInput>;

export const ZParticipantsInput = z
  .object({
    id: z.uuid({ error: 'id must be a conversation id' }),
    addModels: ZModelList('addModels').default([]),
    removeModels: z.array(ZModelId).max(20).default([]),
  })
  .strict();
export type ParticipantsInput = z.infer<typeof ZParticipantsInput>;

export const ZStreamInput = z
  .object({
    conversationId: z.uuid({ error: 'conversationId must be a conversation id' }),
    /** The assistant replies to follow; default: every reply of the conversation still being written. */
    messageIds: z.array(z.uuid()).min(1).max(20).optional(),
  })
  .strict();
export type StreamInput = z.infer<typeof ZStreamInput>;

export const ZChatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** The model that wrote an assistant reply; null for the user's messages. */
  modelId: z.string().nullable(),
  /** For an assistant reply: the user message it answers (side-by-side replies share it). */
  replyToId: z.string().nullable(),
  status: z.enum(CHAT_MESSAGE_STATUSES),
  tokensIn: z.number().nullable(),
  tokensOut: z.number().nullable(),
  latencyMs: z.number().nullable(),
  creditsUsed: z.number().describe('Credits charged for this reply'),
  creditsRefunded: z.number().describe('Credits given back (model failure, or stopped before any text)'),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;

export const ZConversation = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(CHAT_TYPES),
  aiModels: z.array(z.string()),
  isArchived: z.boolean(),
  /** The start of the newest message, for the conversation list. */
  preview: z.string().nullable(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof ZConversation>;

export const ZConversationWithMessages = ZConversation.extend({ messages: z.array(ZChatMessage) });

export const ZConversationPage = z.object({
  conversations: z.array(ZConversation),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const ZSendMessageResult = z.object({
  conversation: ZConversation,
  userMessage: ZChatMessage,
  /** One PENDING reply per answering model; follow them with the `chat.stream` subscription. */
  replies: z.array(ZChatMessage),
  creditsBalance: z.number(),
});

export const ZMessageResult = z.object({ message: ZChatMessage, creditsBalance: z.number() });

/**
 * What `chat.stream` yields, per assistant reply. Apply every text event as
 * `content = content.slice(0, offset) + text` (a snapshot is offset 0): replays and reconnects
 * then converge on the same text. `end` carries the stored reply (null: it was deleted).
 */
export type ChatStreamEvent =
  | { type: 'snapshot'; messageId: string; status: ChatMessageStatus; offset: 0; text: string }
  | { type: 'delta'; messageId: string; offset: number; text: string }
  | { type: 'end'; messageId: string; message: ChatMessage | null; creditsBalance: number | null };

export const DEFAULT_TYPE = DEFAULT_CONVERSATION_TYPE as 'SINGLE';
