import { readStorage, writeStorage } from '../storage';
import type { AnalyticsEventName } from './events';
import type { AnalyticsProvider, TrackedEvent } from './types';

/**
 * The ad pixel (spec §1, §4, §7). It speaks the pixel's plain HTTP protocol (`/tr?id=…&ev=…`) and never
 * loads a third-party script: every hit goes to a same-origin relay path under the configurable proxy
 * base (default `/api/px`), which the api forwards to the pixel host. It is initialised once per page,
 * and a page view for the same path and search as the previous one is not sent again.
 */

export interface PixelOptions {
  pixelId: string;
  /** Same-origin relay base, e.g. '/api/px'. */
  proxyBase: string;
  /** Sends one hit (a GET to a same-origin URL); must never throw or block. */
  send?: (url: string) => void;
  now?: () => number;
}

/** The pixel's standard events for ours; the rest go as custom events under their own names. */
const STANDARD_EVENTS: Partial<Record<AnalyticsEventName, string>> = {
  screen_view: 'PageView',
  user_signup: 'CompleteRegistration',
  checkout_started: 'InitiateCheckout',
  purchase_completed: 'Purchase',
};

const BROWSER_ID_KEY = 'atelier-pixel-browser-id';
const PRIVATE_PARAM = /e-?mail|user_?id|^id$|token/i;

function defaultSend(url: string): void {
  try {
    void fetch(url, { method: 'GET', keepalive: true, credentials: 'same-origin', cache: 'no-store' }).catch(() => undefined);
  } catch {
    /* never break the page for a pixel */
  }
}

export class PixelProvider implements AnalyticsProvider {
  readonly name = 'ad-pixel';
  private lastPageView: string | null = null;
  private readonly send: (url: string) => void;
  private readonly now: () => number;
  private browserId: string | null = null;

  constructor(private readonly options: PixelOptions) {
    this.send = options.send ?? defaultSend;
    this.now = options.now ?? Date.now;
  }

  track(event: TrackedEvent): void {
    if (event.event === 'screen_view') {
      const key = `${event.page.path}${event.page.search}`;
      if (key === this.lastPageView) return;
      this.lastPageView = key;
      this.hit('PageView', event, {});
      return;
    }
    const standard = STANDARD_EVENTS[event.event];
    const data: Record<string, string | number | boolean> = { ...event.params };
    if (event.event === 'purchase_completed') {
      // The pixel's Purchase wants value and currency.
      if (data.value === undefined && typeof data.amount === 'number') data.value = data.amount;
    }
    this.hit(standard ?? event.event, event, data);
  }

  /** The first-party browser id the pixel expects (`fb.1.<ms>.<random>`), kept for the visitor. */
  private getBrowserId(): string {
    if (this.browserId) return this.browserId;
    const stored = readStorage('local', BROWSER_ID_KEY);
    if (stored && /^fb\.1\.\d+\.\d+$/.test(stored)) {
      this.browserId = stored;
      return stored;
    }
    this.browserId = `fb.1.${this.now()}.${Math.floor(Math.random() * 1e10)}`;
    writeStorage('local', BROWSER_ID_KEY, this.browserId);
    return this.browserId;
  }

  private hit(eventName: string, event: TrackedEvent, data: Record<string, string | number | boolean>): void {
    const query = new URLSearchParams({
      id: this.options.pixelId,
      ev: eventName,
      dl: event.page.location,
      rl: event.page.referrer,
      if: 'false',
      ts: String(Math.floor(event.timestampMicros / 1000)),
      fbp: this.getBrowserId(),
    });
    const fbclid = event.campaign?.fbclid;
    if (fbclid) query.set('fbc', `fb.1.${Math.floor(event.timestampMicros / 1000)}.${fbclid}`);
    for (const [key, value] of Object.entries(data)) {
      // Our own identifiers stay with us: the ad network gets no user ids or e-mails.
      if (PRIVATE_PARAM.test(key)) continue;
      query.set(`cd[${key}]`, String(value).slice(0, 500));
    }
    this.send(`${this.options.proxyBase}/tr/?${query.toString()}`);
  }
}

let instance: PixelProvider | null = null;

/** The pixel starts once per page: later calls get the same provider back (§4). */
export function initPixel(options: PixelOptions): PixelProvider {
  instance ??= new PixelProvider(options);
  return instance;
}

/** Test hook. */
export function resetPixelForTests(): void {
  instance = null;
}
