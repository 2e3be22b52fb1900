import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** The campaign fields every request may carry in the `x-campaign` header (spec §3, §7). */
export interface CampaignHeader {
  campaignId?: string;
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
}

/** What we remember for the session: the header fields plus the click ids and the raw parameters. */
export interface CampaignRecord extends CampaignHeader {
  gclid?: string;
  fbclid?: string;
  rawParams: Record<string, string>;
}

const CAMPAIGN_ID_PARAMS = ['c', 'campaign_id', 'campaignId'] as const;
const UTM_PARAMS = {
  utm_source: 'source',
  utm_medium: 'medium',
  utm_campaign: 'campaign',
  utm_term: 'term',
  utm_content: 'content',
} as const satisfies Record<string, keyof CampaignHeader>;

/** Reads the landing URL's campaign parameters. Empty values are ignored (§5). Returns null when there are none. */
export function parseCampaign(search: string): CampaignRecord | null {
  const params = new URLSearchParams(search);
  const value = (name: string): string | undefined => {
    const v = params.get(name)?.trim();
    return v ? v : undefined;
  };
  const record: CampaignRecord = { rawParams: {} };
  for (const name of CAMPAIGN_ID_PARAMS) {
    const v = value(name);
    if (v && !record.campaignId) record.campaignId = v;
  }
  for (const [param, field] of Object.entries(UTM_PARAMS)) {
    const v = value(param);
    if (v) record[field] = v;
  }
  const gclid = value('gclid');
  if (gclid) record.gclid = gclid;
  const fbclid = value('fbclid');
  if (fbclid) record.fbclid = fbclid;
  for (const name of [...CAMPAIGN_ID_PARAMS, ...Object.keys(UTM_PARAMS), 'gclid', 'fbclid']) {
    const v = value(name);
    if (v) record.rawParams[name] = v;
  }
  return Object.keys(record.rawParams).length > 0 ? record : null;
}

let current: CampaignRecord | null = null;

/** Called once at start-up: a campaign in the landing URL replaces the stored one; otherwise the session's stays. */
export function captureCampaign(search: string = window.location.search): CampaignRecord | null {
  const landed = parseCampaign(search);
  if (landed) {
    writeStorage('session', STORAGE_KEYS.campaign, JSON.stringify(landed));
    current = landed;
    return current;
  }
  const stored = readStorage('session', STORAGE_KEYS.campaign);
  if (stored) {
    try {
      const parsed: unknown = JSON.parse(stored);
      if (typeof parsed === 'object' && parsed !== null) current = parsed as CampaignRecord;
    } catch {
      current = null;
    }
  }
  return current;
}

export const getCampaign = (): CampaignRecord | null => current;

/** JSON for the `x-campaign` header, or undefined when no campaign was captured. */
export function campaignHeaderValue(): string | undefined {
  if (!current) return undefined;
  const header: CampaignHeader = {};
  for (const key of ['campaignId', 'source', 'medium', 'campaign', 'term', 'content'] as const) {
    const v = current[key];
    if (typeof v === 'string' && v !== '') header[key] = v;
  }
  if (Object.keys(header).length === 0) return undefined;
  // Header values must be ISO-8859-1 or fetch throws: escape everything outside ASCII as \uXXXX (still valid JSON).
  return JSON.stringify(header).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
