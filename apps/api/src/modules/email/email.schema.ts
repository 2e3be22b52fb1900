import { z } from 'zod';

export const EMAIL_STATUSES = ['PENDING', 'SENDING', 'RETRYING', 'SENT', 'FAILED', 'UNSENT'] as const;

export const ZOutboxListInput = z
  .object({
    status: z.enum(EMAIL_STATUSES, { error: `status must be one of ${EMAIL_STATUSES.join(', ')}` }).optional(),
    /** Part of the recipient's address or of the subject. */
    search: z.string().trim().max(200, 'search is too long').optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type OutboxListInput = z.infer<typeof ZOutboxListInput>;

export const ZOutboxRef = z.object({ id: z.uuid({ error: 'id must be an outbox mail id' }) }).strict();

export const ZOutboxItem = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number(),
  /** The SMTP server's last answer (e.g. "250 OK: queued as …" or "451 4.3.0 Try again later"). */
  lastResponse: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});

export const ZOutboxList = z.object({
  items: z.array(ZOutboxItem),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  /** Whether SMTP_URL is set: without it mails stay here (UNSENT) and their links are logged. */
  smtpConfigured: z.boolean(),
  counts: z.record(z.enum(EMAIL_STATUSES), z.number()),
});

export const ZOutboxMail = ZOutboxItem.extend({
  text: z.string(),
  /** The HTML part with the inline logo as a data: URI, for a sandboxed preview. */
  html: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  messageId: z.string().nullable(),
});
