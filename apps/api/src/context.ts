import { type Db, DEMO_USER_ID } from '@atelier/db';
import type { EventBus, QueueClient } from '@atelier/jobs';
import type { MediaSigner, MediaStorage, MediaUrls } from '@atelier/media';
import type { Env } from '@atelier/shared/env';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LiveWatch } from './lib/live';
import { apiKeyBearer, authenticateApiKey } from './modules/api-keys/authenticate';
import { type AuthedUser, authenticateRequest, INVALID_TOKEN } from './modules/auth/auth.session';
import type { SessionCache } from './modules/auth/auth.session-cache';
import type { ChatRunner } from './modules/chat/chat.runner';

/** Long-lived dependencies, built once in server.ts. */
export interface AppDeps {
  env: Env;
  db: Db;
  redis: Redis;
  queues: QueueClient;
  log: Logger;
  storage: MediaStorage;
  /** Signs media URLs (under a grant: `media.for(grant)`) and verifies them. */
  media: MediaSigner;
  /** The cross-process event channel (Redis pub/sub): live status, progress and chat tokens. */
  events: EventBus;
  /** The safety sweep behind live subscriptions (lib/live.ts). */
  live: LiveWatch;
  /** Writes this process's chat replies. */
  chat: ChatRunner;
  /** This process's mirror of live sessions, kept current through Redis (modules/auth/auth.session-cache.ts). */
  sessions: SessionCache;
}

export interface Context extends Omit<AppDeps, 'media'> {
  /**
   * Media URLs for this request's viewer (the signed-in user, or the demo account for a guest):
   * their own files; `media.forProject(id)` for a project's media they read as a member.
   */
  media: MediaUrls;
  req: FastifyRequest;
  res: FastifyReply;
  /** The signed-in user, or null for a guest. */
  user: AuthedUser | null;
  /** A bearer token was sent but is expired or revoked: the client should refresh. */
  authInvalid: boolean;
  /** Whose data a read shows: the signed-in user, or the demo account for a guest (viewerProcedure). */
  viewerId?: string;
  isGuest?: boolean;
  ip: string;
  origin: string | undefined;
  campaign: Record<string, string> | null;
}

const CAMPAIGN_KEYS = ['campaignId', 'source', 'medium', 'campaign', 'term', 'content', 'gclid', 'fbclid'];

/** The optional campaign header (spec §7): JSON with campaign id, source, medium, campaign, term, content. */
export function parseCampaignHeader(value: string | string[] | undefined): Record<string, string> | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || raw.length > 4096) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const out: Record<string, string> = {};
    for (const k of CAMPAIGN_KEYS) {
      const v = (parsed as Record<string, unknown>)[k];
      if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim().slice(0, 256);
    }
    return Object.keys(out).length ? out : null;
  } catch {
    return null;
  }
}

export function contextFactory(deps: AppDeps) {
  return async ({
    req,
    res,
    info,
  }: {
    req: FastifyRequest;
    res: FastifyReply;
    info?: { connectionParams?: Record<string, string> | null };
  }): Promise<Context> => {
    // Browsers' EventSource can't send headers: SSE subscriptions carry the token in connectionParams.
    const fromParams = info?.connectionParams?.authorization;
    const authorization = req.headers.authorization ?? (typeof fromParams === 'string' ? fromParams : undefined);
    // `Bearer atl_…` is a personal API key (modules/api-keys), anything else a session's access token.
    const apiKey = apiKeyBearer(authorization);
    const auth = apiKey ? await authenticateApiKey(deps, apiKey, req.ip) : await authenticateRequest(deps, authorization);
    const viewerId = auth === INVALID_TOKEN || auth === null ? DEMO_USER_ID : auth.id;
    // Every field by name, not `...deps`: V8 builds an object literal of a spread followed by this
    // many properties on its slow path (~10 µs a request, measured); this one is a single allocation.
    return {
      env: deps.env,
      db: deps.db,
      redis: deps.redis,
      queues: deps.queues,
      log: deps.log,
      storage: deps.storage,
      events: deps.events,
      live: deps.live,
      chat: deps.chat,
      sessions: deps.sessions,
      media: deps.media.for({ kind: 'user', userId: viewerId }),
      req,
      res,
      user: auth === INVALID_TOKEN ? null : auth,
      authInvalid: auth === INVALID_TOKEN,
      viewerId,
      isGuest: auth === INVALID_TOKEN || auth === null,
      ip: req.ip,
      origin: typeof req.headers.origin === 'string' ? req.headers.origin : undefined,
      campaign: parseCampaignHeader(req.headers['x-campaign']),
    };
  };
}
