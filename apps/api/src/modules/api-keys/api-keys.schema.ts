import { z } from 'zod';
import { API_KEY_SCOPES } from './scopes';

export const ZApiKeyScope = z.enum(API_KEY_SCOPES);

export const ZCreateApiKey = z.object({
  name: z.string().trim().min(1, 'name is required').max(100, 'name is at most 100 characters'),
  scopes: z
    .array(ZApiKeyScope)
    .min(1, 'scopes: choose at least one of read, generate, projects, workspace')
    .max(4)
    .refine((s) => new Set(s).size === s.length, 'scopes: each scope once'),
  expiresAt: z.iso
    .datetime({ offset: true, message: 'expiresAt must be an ISO 8601 date-time' })
    .nullish()
    .refine((v) => !v || new Date(v).getTime() > Date.now(), 'expiresAt must be in the future'),
});
export type CreateApiKeyInput = z.infer<typeof ZCreateApiKey>;

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the secret, to tell keys apart (`atl_` + 8)'),
  scopes: z.array(ZApiKeyScope),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiKey = z.infer<typeof ZApiKey>;

export const ZCreatedApiKey = z.object({
  apiKey: ZApiKey,
  secret: z.string().describe('The key itself (`atl_…`): shown this once, stored only as a hash'),
});

export const ZSecurityEvent = z.object({
  id: z.uuid(),
  kind: z.string(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
