/**
 * The one analytics entry point. Screens call `track(event, params)`; the function sanitises the
 * parameters (spec §5) and hands them to every registered provider. None is registered by default:
 * a later issue adds the product-analytics, web-analytics and ad-pixel providers behind this function.
 */

/** Exactly the spec's event names (§3 "Analytics event names"). */
export const ANALYTICS_EVENTS = [
  'image_editor_tab_viewed',
  'image_editor_image_generated',
  'image_editor_image_uploaded',
  'image_editor_quick_action',
  'generation_triggered',
  'chat_message_sent',
  'project_created',
  'seo_flow_step',
  'seo_analysis_started',
  'seo_articles_requested',
  'seo_drafts_prepared',
  'seo_article_regenerated',
  'video_clip_image_uploaded',
  'video_editor_model_selected',
  'video_editor_image_generated',
  'video_editor_video_generated',
  'user_login',
  'user_signup',
  'user_profile_uploaded',
  'checkout_started',
  'purchase_completed',
  'screen_view',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** What callers may pass; anything else is dropped or turned into JSON text by `sanitizeParams`. */
export type AnalyticsParamInput = Record<string, unknown>;
export type AnalyticsParams = Record<string, string | number | boolean>;

export interface AnalyticsEvent {
  event: AnalyticsEventName;
  params: AnalyticsParams;
  timestamp: string;
}

export interface AnalyticsProvider {
  readonly name: string;
  track(event: AnalyticsEventName, params: AnalyticsParams): void;
}

declare global {
  interface Window {
    /** The most recent events, newest last (kept for browser tests and debugging). */
    __atelierEvents?: AnalyticsEvent[];
  }
}

const MAX_KEPT_EVENTS = 200;
const providers: AnalyticsProvider[] = [];

/**
 * §5: only string, number and boolean values are kept; a Date becomes its ISO string; other objects
 * (arrays included) become JSON text. undefined, null, functions, symbols and non-finite numbers are dropped.
 */
export function sanitizeParams(input: AnalyticsParamInput | undefined): AnalyticsParams {
  const out: AnalyticsParams = {};
  if (!input) return out;
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' || typeof value === 'boolean') {
      out[key] = value;
    } else if (typeof value === 'number') {
      if (Number.isFinite(value)) out[key] = value;
    } else if (value instanceof Date) {
      if (!Number.isNaN(value.getTime())) out[key] = value.toISOString();
    } else if (typeof value === 'object' && value !== null) {
      try {
        out[key] = JSON.stringify(value);
      } catch {
        /* circular or otherwise unserialisable: dropped */
      }
    }
  }
  return out;
}

export function registerAnalyticsProvider(provider: AnalyticsProvider): () => void {
  providers.push(provider);
  return () => {
    const index = providers.indexOf(provider);
    if (index >= 0) providers.splice(index, 1);
  };
}

export function track(event: AnalyticsEventName, params?: AnalyticsParamInput): void {
  const clean = sanitizeParams(params);
  if (typeof window !== 'undefined') {
    const kept = window.__atelierEvents ?? [];
    kept.push({ event, params: clean, timestamp: new Date().toISOString() });
    if (kept.length > MAX_KEPT_EVENTS) kept.splice(0, kept.length - MAX_KEPT_EVENTS);
    window.__atelierEvents = kept;
  }
  for (const provider of providers) {
    try {
      provider.track(event, clean);
    } catch (error) {
      // A failing provider must never break the screen that tracked the event.
      console.warn(`[analytics] provider ${provider.name} failed on ${event}`, error);
    }
  }
}
