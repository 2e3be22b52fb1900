/** Storage keys used by the web app, in one place so they never collide. */
export const STORAGE_KEYS = {
  colorScheme: 'atelier-color-scheme',
  guestBannerMinimised: 'atelier-guest-banner-minimised',
  campaign: 'atelier-campaign',
  /** When this tab last sent an admin to the queue dashboard (guards against a sign-in loop). */
  queueDashboardOpened: 'atelier-queue-dashboard-opened',
  /** The low-credit banner was dismissed for this browser session. */
  lowCreditBannerDismissed: 'atelier-low-credit-banner-dismissed',
  /** Per user id: "first" while this browser session is the account's first visit, else "returning". */
  visit: 'atelier-visit',
} as const;

/** sessionStorage / localStorage can throw (privacy modes, quota); every access goes through these. */
export function readStorage(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: 'local' | 'session', key: string, value: string): void {
  try {
    (storage === 'local' ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    /* storage unavailable: the value lives for this page only */
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
