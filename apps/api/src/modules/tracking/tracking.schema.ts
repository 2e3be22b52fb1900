import { z } from 'zod';

/**
 * The analytics fallback payload (spec §3): what the web app POSTs to `/analytics/fox/boom` when the
 * web-analytics provider is unavailable. The top level is the event being sent; `events` carries the
 * events that were queued before it (oldest first), each with its own time and page.
 *
 * Limits: a request body is capped by `ANALYTICS_MAX_BODY_BYTES` (64 KB) before it is parsed, and a
 * request carries at most `ANALYTICS_MAX_EVENTS` (50) events in all — checked in the service.
 */

/** snake_case, like every spec event name (`screen_view`, `user_signup`, …). */
export const EVENT_NAME = /^[a-z][a-z0-9_]{0,63}$/;
/** §5: string properties are capped at 65535 characters. */
export const MAX_STRING = 65_535;
export const MAX_PARAMS = 100;

const ParamValue = z.union([z.string().max(MAX_STRING), z.number().finite(), z.boolean()]);

export const ZParams = z
  .record(z.string().min(1).max(100), ParamValue)
  .refine((p) => Object.keys(p).length <= MAX_PARAMS, { message: `At most ${MAX_PARAMS} parameters per event` })
  .default({});

const short = (max: number) => z.string().max(max);

export const ZPage = z
  .object({
    location: short(2048).optional(),
    path: short(2048).optional(),
    search: short(2048).optional(),
    title: short(512).optional(),
    referrer: short(2048).optional(),
  })
  .nullish();

/** Microseconds since the epoch (what the browser saw). Must be a plausible time: not before 2020, not more than a day ahead. */
const ZTimestampMicros = z
  .number()
  .int()
  .positive()
  .refine((v) => v >= Date.UTC(2020, 0, 1) * 1000 && v <= (Date.now() + 86_400_000) * 1000, { message: 'timestampMicros is not a plausible time' });

/** The Marketing campaign record (§3). Empty values are ignored (§5). */
export const CAMPAIGN_FIELDS = ['campaignId', 'source', 'medium', 'campaign', 'term', 'content', 'gclid', 'fbclid'] as const;
export const ZCampaign = z
  .object({
    campaignId: short(256).optional(),
    source: short(256).optional(),
    medium: short(256).optional(),
    campaign: short(256).optional(),
    term: short(256).optional(),
    content: short(256).optional(),
    gclid: short(256).optional(),
    fbclid: short(256).optional(),
    rawParams: z
      .record(z.string().max(100), short(512))
      .refine((p) => Object.keys(p).length <= 50, { message: 'At most 50 raw parameters' })
      .optional(),
  })
  .nullish();

export const ZQueuedEvent = z.object({
  eventName: z.string().regex(EVENT_NAME, 'eventName must be snake_case'),
  params: ZParams,
  timestampMicros: ZTimestampMicros,
  page: ZPage,
});

export const ZFallbackPayload = z.object({
  eventName: z.string().regex(EVENT_NAME, 'eventName must be snake_case'),
  clientId: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9._:-]+$/, 'clientId has unexpected characters'),
  params: ZParams,
  page: ZPage,
  events: z.array(ZQueuedEvent).default([]),
  timestampMicros: ZTimestampMicros,
  campaign: ZCampaign,
});

export type FallbackPayload = z.infer<typeof ZFallbackPayload>;
export type QueuedEvent = z.infer<typeof ZQueuedEvent>;
