/**
 * The engine contract is packages/ai's (the local engines share it); the chat shapes match
 * apps/api/src/modules/chat/chat.models.ts, restated here so this package depends on no app:
 * TypeScript compares them by structure.
 */
export type { Engine, EngineInput, EngineOutput } from '@atelier/ai';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatUsage {
  tokensIn: number;
  tokensOut: number;
}

export interface ChatReplyRequest {
  modelId: string;
  messages: ChatTurn[];
  signal: AbortSignal;
}

export interface ChatModelAdapter {
  contextTokens: number;
  replyTokens: number;
  // biome-ignore lint/suspicious/noConfusingVoidType: an `async function*` that returns nothing has the return type void.
  streamReply(request: ChatReplyRequest): AsyncGenerator<string, ChatUsage | void, undefined>;
}

export type MediaKind = 'image' | 'video' | 'audio';

/** Per-call limits; the defaults suit production, tests shorten them. */
export interface ProviderLimits {
  /** Whole-call deadline for one generation, by output kind (ms). */
  timeoutMs: { text: number; image: number; audio: number; video: number };
  /** Deadline for downloading one provider output (ms). */
  downloadTimeoutMs: number;
  /** Largest provider output we accept, by kind (bytes). */
  maxBytes: { image: number; audio: number; video: number };
  /** How often a Replicate prediction is polled (ms). */
  pollIntervalMs: number;
  /** Retries of one HTTP call the SDK makes on 429/5xx, honouring Retry-After. */
  maxRetries: number;
  /**
   * Whole-run deadline of a ComfyUI workflow, by output kind (ms): longer than a hosted call's, as
   * it includes waiting in the box's own queue behind other work.
   */
  comfyTimeoutMs: { image: number; audio: number; video: number };
  /** How often a running ComfyUI job's history is read besides its websocket (ms), and how long a box may take to answer one call. */
  comfyPollMs: number;
  comfyCallTimeoutMs: number;
}

export const DEFAULT_LIMITS: ProviderLimits = {
  timeoutMs: { text: 120_000, image: 180_000, audio: 180_000, video: 900_000 },
  downloadTimeoutMs: 120_000,
  maxBytes: { image: 25 * 1024 * 1024, audio: 50 * 1024 * 1024, video: 200 * 1024 * 1024 },
  pollIntervalMs: 1500,
  maxRetries: 2,
  comfyTimeoutMs: { image: 600_000, audio: 600_000, video: 1_800_000 },
  comfyPollMs: 2000,
  comfyCallTimeoutMs: 15_000,
};

export interface ProviderOptions {
  limits?: Partial<Omit<ProviderLimits, 'timeoutMs' | 'maxBytes' | 'comfyTimeoutMs'>> & {
    timeoutMs?: Partial<ProviderLimits['timeoutMs']>;
    maxBytes?: Partial<ProviderLimits['maxBytes']>;
    comfyTimeoutMs?: Partial<ProviderLimits['comfyTimeoutMs']>;
  };
  /**
   * Hosts (`name` or `name:port`) whose output URLs may resolve to private or loopback
   * addresses. Empty in production; tests list their simulator's host.
   */
  downloadAllowHosts?: string[];
  /** Replaces DNS resolution for the downloader (tests). */
  lookup?: import('./download').LookupFn;
}

export function resolveLimits(options: ProviderOptions = {}): ProviderLimits {
  const l = options.limits ?? {};
  return {
    ...DEFAULT_LIMITS,
    ...l,
    timeoutMs: { ...DEFAULT_LIMITS.timeoutMs, ...(l.timeoutMs ?? {}) },
    maxBytes: { ...DEFAULT_LIMITS.maxBytes, ...(l.maxBytes ?? {}) },
    comfyTimeoutMs: { ...DEFAULT_LIMITS.comfyTimeoutMs, ...(l.comfyTimeoutMs ?? {}) },
  };
}
