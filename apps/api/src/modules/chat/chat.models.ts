/**
 * Text models as chat sees them: one small adapter per model (or per provider), looked up by
 * catalogue id. `local/text` is the offline draft writer in packages/ai (`local/text-brief` its short form); hosted providers
 * (openai, anthropic) plug in later with `chatModels.register('openai/*', adapter)`.
 * Prices and availability stay in the catalogue (catalogue.service.ts); this file only runs models.
 */

import { createProviders } from '@atelier/providers';
import { estimateTokens } from '@atelier/shared';
import type { Env } from '@atelier/shared/env';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What the provider says it used; estimated from characters when an adapter doesn't say. */
export interface ChatUsage {
  tokensIn: number;
  tokensOut: number;
}

export interface ChatReplyRequest {
  /** Catalogue id, e.g. `local/text` or `openai/gpt-4-turbo`. */
  modelId: string;
  /** The conversation so far, oldest first, already trimmed to the context budget; the last turn is the user's. */
  messages: ChatTurn[];
  /** Aborted when the user stops the reply, it times out or the server shuts down. */
  signal: AbortSignal;
}

export interface ChatModelAdapter {
  /** The model's context window, in tokens. */
  contextTokens: number;
  /** Tokens of the window kept free for the reply. */
  replyTokens: number;
  /**
   * Yields the reply's text in order, as it arrives (deltas, not the text so far). May return
   * the provider's usage when it ends. Throwing fails the reply (and refunds it).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: an `async function*` that returns nothing has the return type void.
  streamReply(request: ChatReplyRequest): AsyncGenerator<string, ChatUsage | void, undefined>;
}

export { estimateTokens };
/** Per-message framing (role markers) most chat formats add. */
export const TURN_OVERHEAD_TOKENS = 4;

/**
 * Keeps the newest turns that fit `budgetTokens`. The last turn (the user's new message) always
 * stays, cut to fit when it alone is too long; an assistant turn left first is dropped, since
 * providers expect a conversation to open with the user.
 */
export function trimHistory(turns: ChatTurn[], budgetTokens: number): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i] as ChatTurn;
    const cost = estimateTokens(turn.content) + TURN_OVERHEAD_TOKENS;
    if (used + cost > budgetTokens) {
      if (kept.length === 0) {
        const room = Math.max(0, budgetTokens - TURN_OVERHEAD_TOKENS) * 4;
        kept.unshift({ role: turn.role, content: turn.content.slice(0, room) });
      }
      break;
    }
    kept.unshift(turn);
    used += cost;
  }
  while (kept.length > 1 && kept[0]?.role === 'assistant') kept.shift();
  return kept;
}

/** A short pause between the draft writer's tokens, so its replies stream like a model's (and can be stopped). */
export const LOCAL_TOKEN_DELAY_MS = 10;

/** `local/text`: the offline draft writer (packages/ai). Free of keys and network; not a language model. */
export const localDraftWriter: ChatModelAdapter = {
  contextTokens: 4096,
  replyTokens: 1024,
  async *streamReply({ messages, signal }) {
    const last = messages.at(-1);
    if (last?.role !== 'user') throw new Error('A reply needs a user message to answer');
    // Loaded on first use: the package brings the media engines (sharp) with it.
    const { streamDraftText } = await import('@atelier/ai');
    yield* streamDraftText({ prompt: last.content, kind: 'chat', history: messages.slice(0, -1), signal, tokenDelayMs: LOCAL_TOKEN_DELAY_MS });
  },
};

/** How long the brief writer's replies may get, in words. */
export const BRIEF_MAX_WORDS = 90;

/**
 * `local/text-brief`: the same offline draft writer, answering in short form (a few key points
 * and next steps) — a second offline participant for side-by-side chats without a provider key.
 */
export const localBriefWriter: ChatModelAdapter = {
  contextTokens: 4096,
  replyTokens: 512,
  async *streamReply({ messages, signal }) {
    const last = messages.at(-1);
    if (last?.role !== 'user') throw new Error('A reply needs a user message to answer');
    const { streamDraftText } = await import('@atelier/ai');
    yield* streamDraftText({
      prompt: last.content,
      kind: 'chat',
      maxWords: BRIEF_MAX_WORDS,
      history: messages.slice(0, -1),
      signal,
      tokenDelayMs: LOCAL_TOKEN_DELAY_MS,
    });
  },
};

export class ChatModelRegistry {
  private readonly adapters = new Map<string, ChatModelAdapter>();

  constructor(initial: Record<string, ChatModelAdapter> = {}) {
    for (const [id, adapter] of Object.entries(initial)) this.adapters.set(id, adapter);
  }

  /** The adapter for a catalogue id: an exact registration first, then its provider's (`openai/*`). */
  get(modelId: string): ChatModelAdapter | undefined {
    const provider = modelId.split('/')[0];
    return this.adapters.get(modelId) ?? this.adapters.get(`${provider}/*`);
  }

  /** Plugs a model (or `provider/*`) in; returns the undo. */
  register(modelId: string, adapter: ChatModelAdapter): () => void {
    const previous = this.adapters.get(modelId);
    this.adapters.set(modelId, adapter);
    return () => {
      if (this.adapters.get(modelId) !== adapter) return;
      if (previous) this.adapters.set(modelId, previous);
      else this.adapters.delete(modelId);
    };
  }
}

/** The models chat can run in this process. */
export const chatModels = new ChatModelRegistry({ 'local/text': localDraftWriter, 'local/text-brief': localBriefWriter });

/**
 * Plugs in the hosted chat models whose provider is configured (packages/providers: OpenAI,
 * Anthropic, OpenAI-compatible servers), streaming through their SDKs. Called once per api
 * (createDeps); returns the undo (deps.close).
 */
export function registerProviderChatModels(env: Env, registry: ChatModelRegistry = chatModels): () => void {
  const undo = Object.entries(createProviders(env).chat).map(([id, adapter]) => registry.register(id, adapter));
  return () => {
    for (const u of undo.reverse()) u();
  };
}
