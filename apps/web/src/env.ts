/** A build-time setting as a trimmed string, or undefined when unset or blank. */
const setting = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * The web app's only reader of build-time configuration (Vite's import.meta.env).
 * API calls are same-origin (the api serves the built app, and Vite proxies in dev).
 */
export const env = {
  mode: import.meta.env.MODE,
  isProduction: import.meta.env.PROD,
  trpcUrl: '/trpc',
  restBaseUrl: '/api',
  /**
   * Analytics providers (spec §1, §4): each is on only when configured at build time. Without any, events
   * still reach the first-party fallback (POST {api}/analytics/fox/boom).
   */
  analytics: {
    /** Product analytics (posthog-js): project key and ingestion host. */
    posthogKey: setting(import.meta.env.VITE_POSTHOG_KEY),
    posthogHost: setting(import.meta.env.VITE_POSTHOG_HOST) ?? 'https://us.i.posthog.com',
    /** Web analytics (gtag from the tag-manager host): measurement id, e.g. G-XXXXXXX. */
    gaMeasurementId: setting(import.meta.env.VITE_GA_MEASUREMENT_ID),
    /** Ad pixel: pixel id, and the same-origin relay base its traffic goes through. */
    pixelId: setting(import.meta.env.VITE_PIXEL_ID),
    pixelProxyBase: (setting(import.meta.env.VITE_PIXEL_PROXY_BASE) ?? '/api/px').replace(/\/+$/, ''),
  },
} as const;
