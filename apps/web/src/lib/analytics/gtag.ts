import { campaignEventParams } from '../campaign';
import { ANALYTICS, TAG_MANAGER_ORIGIN } from './constants';
import type { AnalyticsProvider, FallbackSink, TrackedEvent } from './types';

/**
 * Web analytics (spec §1, §4, §7): gtag, loaded from the tag-manager host. It is disabled on a script
 * load error, when the script has not loaded after 4 s, or when an event's callback has not come back
 * within 1.5 s; from then on, events — and the ones still queued or unconfirmed — go to the first-party
 * fallback. Until the script has loaded, events wait in our own queue (not gtag's dataLayer), so that
 * nothing is lost if it never does.
 */

export type WebAnalyticsState = 'loading' | 'ready' | 'disabled';
export type DisableReason = 'script-error' | 'script-timeout' | 'callback-timeout';

type Gtag = (...args: unknown[]) => void;

/** The bit of `window` gtag lives on. */
export interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

export interface ScriptCallbacks {
  onLoad: () => void;
  onError: () => void;
}

export interface WebAnalyticsOptions {
  measurementId: string;
  fallback: FallbackSink;
  win: GtagWindow;
  /** Adds the script to the page and reports load or error. */
  loadScript: (src: string, callbacks: ScriptCallbacks) => void;
  scriptTimeoutMs?: number;
  callbackTimeoutMs?: number;
  /** Told whenever the state changes (for window.__atelierAnalytics). */
  onStateChange?: (state: WebAnalyticsState, reason?: DisableReason) => void;
}

export const gtagScriptUrl = (measurementId: string): string => `${TAG_MANAGER_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;

/** The standard gtag snippet: a dataLayer and a gtag() that pushes its `arguments` object onto it. */
function installGtag(win: GtagWindow): Gtag {
  const dataLayer = win.dataLayer ?? [];
  win.dataLayer = dataLayer;
  if (!win.gtag) {
    win.gtag = function gtag() {
      // gtag.js reads Arguments objects from the dataLayer, not arrays.
      // biome-ignore lint/complexity/noArguments: the gtag protocol needs the arguments object itself
      dataLayer.push(arguments);
    };
  }
  return win.gtag;
}

/** GA's own page-view event for our route reports; other events keep their spec names. */
function toGtagEvent(event: TrackedEvent): [string, Record<string, unknown>] {
  const params: Record<string, unknown> = { ...campaignEventParams(event.campaign), ...event.params };
  if (event.event === 'screen_view') {
    return [
      'page_view',
      { ...params, page_location: event.page.location, page_path: `${event.page.path}${event.page.search}`, page_title: event.page.title },
    ];
  }
  return [event.event, params];
}

export class WebAnalyticsProvider implements AnalyticsProvider {
  readonly name = 'web-analytics';
  private stateValue: WebAnalyticsState = 'loading';
  private reasonValue: DisableReason | undefined;
  private readonly waiting: TrackedEvent[] = [];
  private readonly unconfirmed = new Map<number, { event: TrackedEvent; timer: ReturnType<typeof setTimeout> }>();
  private nextId = 1;
  private scriptTimer: ReturnType<typeof setTimeout> | null = null;
  private gtag: Gtag | null = null;

  constructor(private readonly options: WebAnalyticsOptions) {}

  get state(): WebAnalyticsState {
    return this.stateValue;
  }

  get disabledReason(): DisableReason | undefined {
    return this.reasonValue;
  }

  /** Installs gtag, starts loading the script and the 4 s timer. Call once. */
  start(): void {
    const gtag = installGtag(this.options.win);
    this.gtag = gtag;
    gtag('js', new Date());
    // Route changes are reported by us (screen_view → page_view), not by gtag's automatic page view.
    gtag('config', this.options.measurementId, { send_page_view: false });
    this.scriptTimer = setTimeout(() => this.disable('script-timeout'), this.options.scriptTimeoutMs ?? ANALYTICS.webScriptTimeoutMs);
    this.options.loadScript(gtagScriptUrl(this.options.measurementId), {
      onLoad: () => this.loaded(),
      onError: () => this.disable('script-error'),
    });
    this.options.onStateChange?.('loading');
  }

  track(event: TrackedEvent): void {
    if (this.stateValue === 'disabled') this.options.fallback.enqueue([event]);
    else if (this.stateValue === 'loading') this.waiting.push(event);
    else this.send(event);
  }

  identify(userId: string): void {
    if (this.stateValue !== 'disabled') this.gtag?.('set', { user_id: userId });
  }

  reset(): void {
    if (this.stateValue !== 'disabled') this.gtag?.('set', { user_id: null });
  }

  private loaded(): void {
    if (this.stateValue !== 'loading') return;
    if (this.scriptTimer) clearTimeout(this.scriptTimer);
    this.scriptTimer = null;
    this.stateValue = 'ready';
    this.options.onStateChange?.('ready');
    for (const event of this.waiting.splice(0)) {
      if (this.stateValue !== 'ready') {
        this.options.fallback.enqueue([event]);
        continue;
      }
      this.send(event);
    }
  }

  private send(event: TrackedEvent): void {
    const id = this.nextId++;
    const timer = setTimeout(() => this.disable('callback-timeout'), this.options.callbackTimeoutMs ?? ANALYTICS.webEventCallbackTimeoutMs);
    this.unconfirmed.set(id, { event, timer });
    const [name, params] = toGtagEvent(event);
    try {
      this.gtag?.('event', name, {
        ...params,
        event_callback: () => {
          const entry = this.unconfirmed.get(id);
          if (!entry) return;
          clearTimeout(entry.timer);
          this.unconfirmed.delete(id);
        },
      });
    } catch {
      this.disable('script-error');
    }
  }

  /** Off for good: queued and unconfirmed events go to the fallback, oldest first. */
  private disable(reason: DisableReason): void {
    if (this.stateValue === 'disabled') return;
    this.stateValue = 'disabled';
    this.reasonValue = reason;
    if (this.scriptTimer) clearTimeout(this.scriptTimer);
    this.scriptTimer = null;
    const pending = [...this.unconfirmed.values()].map((entry) => {
      clearTimeout(entry.timer);
      return entry.event;
    });
    this.unconfirmed.clear();
    const handOver = [...pending, ...this.waiting.splice(0)].sort((a, b) => a.timestampMicros - b.timestampMicros);
    console.info(`[analytics] web analytics disabled (${reason}); ${handOver.length} event(s) go to the first-party fallback`);
    this.options.onStateChange?.('disabled', reason);
    this.options.fallback.enqueue(handOver);
  }
}

/** Adds `<script async src>` to the document head. */
export function loadScriptIntoDocument(src: string, { onLoad, onError }: ScriptCallbacks): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.addEventListener('load', onLoad, { once: true });
  script.addEventListener('error', onError, { once: true });
  document.head.appendChild(script);
}
