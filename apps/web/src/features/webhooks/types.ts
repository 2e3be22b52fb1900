import type { AppRouter } from '@atelier/api/router';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
export type WebhookView = Outputs['webhooks']['list']['webhooks'][number];
export type WebhookDeliveryView = Outputs['webhooks']['deliveries']['deliveries'][number];

/** What each event means, for the create dialog's checkboxes. */
export const EVENT_LABELS: Record<string, string> = {
  'generation.completed': 'A generation finished',
  'generation.failed': 'A generation failed (credits refunded)',
  'export.completed': 'A project export is ready',
  'export.failed': 'A project export failed',
  'seo.article.published': 'An SEO article was published',
  'credits.low': 'Your balance fell below a threshold',
};

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

export const STATUS_COLOR: Record<string, string> = {
  DELIVERED: 'teal',
  FAILED: 'red',
  RETRYING: 'yellow',
  PENDING: 'gray',
  SENDING: 'blue',
};
