import type { CampaignRecord } from '../campaign';
import type { AnalyticsEventName } from './events';
import type { AnalyticsParams } from './params';

/** Where an event happened. */
export interface PageContext {
  location: string;
  path: string;
  search: string;
  title: string;
  referrer: string;
}

/** One tracked event as every provider receives it. */
export interface TrackedEvent {
  event: AnalyticsEventName;
  /** The caller's parameters, sanitised (§5). */
  params: AnalyticsParams;
  /** The visit's campaign (attached to every event), or null. */
  campaign: CampaignRecord | null;
  page: PageContext;
  /** When it happened, in microseconds since the epoch. */
  timestampMicros: number;
}

/** A provider behind the one `track()` entry point. */
export interface AnalyticsProvider {
  readonly name: string;
  track(event: TrackedEvent): void;
  /** A signed-in user: identify by user id. */
  identify?(userId: string): void;
  /** Signed out: forget the user. */
  reset?(): void;
}

/** The first-party fallback, as the providers that hand events to it see it. */
export interface FallbackSink {
  enqueue(events: TrackedEvent[]): void;
}
