import { env } from '../../env';
import { authStore } from '../auth/store';
import { FallbackTransport, fallbackEndpoints } from './fallback';
import { type DisableReason, loadScriptIntoDocument, WebAnalyticsProvider, type WebAnalyticsState } from './gtag';
import { getClientId, getSessionId } from './identity';
import { initPixel } from './pixel';
import { type PostHogLike, ProductAnalyticsProvider } from './posthog';
import type { AnalyticsProvider } from './types';

/**
 * Builds the providers from the build-time settings (env.analytics) once, in the browser:
 * - product analytics (posthog-js) when VITE_POSTHOG_KEY is set;
 * - web analytics (gtag) when VITE_GA_MEASUREMENT_ID is set, falling back to the first-party endpoint
 *   when it fails — and the first-party endpoint directly when it is not configured;
 * - the ad pixel when VITE_PIXEL_ID is set, through the relay under VITE_PIXEL_PROXY_BASE.
 * It also identifies the signed-in user (login, sign-up, refresh) and resets at logout, from the auth store.
 */

export interface AnalyticsStatus {
  /** 'first-party': no web-analytics provider configured, events go to the fallback endpoint. */
  web: WebAnalyticsState | 'first-party';
  webDisabledReason?: DisableReason;
  productAnalytics: boolean;
  pixel: boolean;
}

declare global {
  interface Window {
    /** Which providers run, and the web-analytics state (for browser tests and debugging). */
    __atelierAnalytics?: AnalyticsStatus;
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export type AnalyticsConfig = typeof env.analytics;

/** Identify on every change to a signed-in user id, reset when it goes away. */
export function followAuth(providers: () => AnalyticsProvider[], store: Pick<typeof authStore, 'getState' | 'subscribe'> = authStore): () => void {
  let current: string | null = null;
  const sync = () => {
    const next = store.getState().user?.id ?? null;
    if (next === current) return;
    const previous = current;
    current = next;
    for (const provider of providers()) {
      try {
        if (next) provider.identify?.(next);
        else if (previous) provider.reset?.();
      } catch (error) {
        console.warn(`[analytics] provider ${provider.name} failed to ${next ? 'identify' : 'reset'}`, error);
      }
    }
  };
  sync();
  return store.subscribe(sync);
}

export function startAnalytics(
  register: (provider: AnalyticsProvider) => void,
  all: () => AnalyticsProvider[],
  config: AnalyticsConfig = env.analytics,
): AnalyticsStatus {
  const status: AnalyticsStatus = { web: 'first-party', productAnalytics: false, pixel: false };
  window.__atelierAnalytics = status;

  const fallback = new FallbackTransport({
    endpoints: fallbackEndpoints(env.restBaseUrl),
    getClientId: () => getClientId(),
    extraParams: () => ({ session_id: getSessionId() }),
    getAccessToken: () => authStore.getState().accessToken,
  });
  // Whatever waits is sent when the page is hidden or closed (keep-alive requests outlive the page).
  const flush = () => void fallback.flushNow();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });

  if (config.posthogKey) {
    const product = new ProductAnalyticsProvider({
      apiKey: config.posthogKey,
      apiHost: config.posthogHost,
      load: () => import('posthog-js').then((module) => module.default as unknown as PostHogLike),
    });
    register(product);
    status.productAnalytics = true;
    void product.start();
  }

  if (config.gaMeasurementId) {
    const web = new WebAnalyticsProvider({
      measurementId: config.gaMeasurementId,
      fallback,
      win: window,
      loadScript: loadScriptIntoDocument,
      onStateChange: (state, reason) => {
        status.web = state;
        if (reason) status.webDisabledReason = reason;
      },
    });
    register(web);
    web.start();
  } else {
    register({ name: 'first-party', track: (event) => fallback.enqueue([event]) });
  }

  if (config.pixelId) {
    register(initPixel({ pixelId: config.pixelId, proxyBase: config.pixelProxyBase }));
    status.pixel = true;
  }

  followAuth(all);
  return status;
}
