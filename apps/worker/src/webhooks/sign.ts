import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks headers for one attempt: `webhook-id` (the delivery's id, the same on every
 * attempt and resend), `webhook-timestamp` (seconds) and `webhook-signature` — one `v1,<base64>`
 * per live secret, space-separated (during the 24 h after a rotation, the new and the previous).
 */
export function signWebhook(id: string, body: string, secrets: string[], at = new Date()): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(id, at, body));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
