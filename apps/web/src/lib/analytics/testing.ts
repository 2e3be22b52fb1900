import type { CampaignRecord } from '../campaign';
import type { AnalyticsEventName } from './events';
import type { TrackedEvent } from './types';

let micros = Date.UTC(2026, 10, 22, 18, 0, 0) * 1000;

/** A tracked event for provider tests. */
export function makeEvent(
  event: AnalyticsEventName = 'screen_view',
  options: { params?: TrackedEvent['params']; path?: string; search?: string; campaign?: CampaignRecord | null } = {},
): TrackedEvent {
  micros += 1000;
  const path = options.path ?? '/';
  const search = options.search ?? '';
  return {
    event,
    params: options.params ?? { pathname: path, search },
    campaign: options.campaign ?? null,
    page: { location: `http://localhost:3000${path}${search}`, path, search, title: 'Atelier', referrer: '' },
    timestampMicros: micros,
  };
}
