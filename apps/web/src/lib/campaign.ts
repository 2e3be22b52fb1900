import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The Marketing campaign record (spec §3), captured from the landing URL, kept for the visit
 * (sessionStorage), sent as the `x-campaign` header on every API call (§7) and attached to analytics events.
 */

/** The campaign fields every request may carry in the `x-campaign` header (spec §3, §7). */
export interface CampaignHeader {
  campaignId?: string;
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
  /** Click ids travel in the header too, so the account's first-touch attribution keeps them (issue 14). */
  gclid?: string;
  fbclid?: string;
}

/** What we remember for the visit: the header fields plus the landing URL's parameters as they arrived. */
export interface CampaignRecord extends CampaignHeader {
  rawParams: Record<string, string>;
}

/** The product's own campaign parameter (`?atl_campaign=…`). */
export const PRODUCT_CAMPAIGN_PARAM = 'atl_campaign';

/**
 * URL parameters that name the campaign id, most specific first: when several are present, the first
 * non-empty one wins (the product's own parameter before the generic `c`).
 */
export const CAMPAIGN_ID_PARAMS = [PRODUCT_CAMPAIGN_PARAM, 'campaignId', 'campaign_id', 'c'] as const;

export const UTM_PARAMS = {
  utm_source: 'source',
  utm_medium: 'medium',
  utm_campaign: 'campaign',
  utm_term: 'term',
  utm_content: 'content',
} as const satisfies Record<string, keyof CampaignHeader>;

export const CLICK_ID_PARAMS = ['gclid', 'fbclid'] as const;

const HEADER_FIELDS = ['campaignId', 'source', 'medium', 'campaign', 'term', 'content', 'gclid', 'fbclid'] as const;

/** The server keeps at most 256 characters per field and drops a header over 4 KB: stay well inside both. */
export const MAX_CAMPAIGN_VALUE = 256;
const MAX_RAW_VALUE = 512;
const MAX_RAW_PARAMS = 30;
/** Landing parameters never kept in rawParams: they may carry secrets (reset tokens, codes, e-mails). */
const SENSITIVE_PARAM = /token|secret|pass|code|auth|session|email|key|sig|jwt/i;

const isCampaignParam = (name: string): boolean =>
  (CAMPAIGN_ID_PARAMS as readonly string[]).includes(name) ||
  name in UTM_PARAMS ||
  (CLICK_ID_PARAMS as readonly string[]).includes(name) ||
  name.startsWith('utm_');

/**
 * Reads the landing URL's campaign parameters (§3): c, campaign_id, campaignId and atl_campaign →
 * campaignId; utm_source|medium|campaign|term|content → source…content; gclid and fbclid as themselves;
 * rawParams keeps the landing URL's other parameters too (minus sensitive-looking ones). Empty values
 * are ignored (§5). Returns null when the URL carries no campaign parameter with a value.
 */
export function parseCampaign(search: string): CampaignRecord | null {
  const params = new URLSearchParams(search);
  const value = (name: string): string | undefined => {
    const v = params.get(name)?.trim();
    return v ? v.slice(0, MAX_CAMPAIGN_VALUE) : undefined;
  };
  const record: CampaignRecord = { rawParams: {} };
  for (const name of CAMPAIGN_ID_PARAMS) {
    const v = value(name);
    if (v) {
      record.campaignId = v;
      break;
    }
  }
  for (const [param, field] of Object.entries(UTM_PARAMS)) {
    const v = value(param);
    if (v) record[field] = v;
  }
  for (const name of CLICK_ID_PARAMS) {
    const v = value(name);
    if (v) record[name] = v;
  }

  let hasCampaign = false;
  for (const [name, raw] of params) {
    const v = raw.trim();
    if (!v) continue;
    if (isCampaignParam(name)) hasCampaign = true;
    if (SENSITIVE_PARAM.test(name) && !isCampaignParam(name)) continue;
    if (Object.keys(record.rawParams).length >= MAX_RAW_PARAMS || name.length > 100) continue;
    if (!(name in record.rawParams)) record.rawParams[name] = v.slice(0, MAX_RAW_VALUE);
  }
  return hasCampaign ? record : null;
}

let current: CampaignRecord | null = null;

/** Called once at start-up: a campaign in the landing URL replaces the stored one; otherwise the visit's stays. */
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
      current = normaliseStored(parsed);
    } catch {
      current = null;
    }
  }
  return current;
}

/** A stored record read back: only known string fields survive (sessionStorage is user-editable). */
function normaliseStored(value: unknown): CampaignRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const source = value as Record<string, unknown>;
  const record: CampaignRecord = { rawParams: {} };
  for (const key of HEADER_FIELDS) {
    const v = source[key];
    if (typeof v === 'string' && v.trim() !== '') record[key] = v.trim().slice(0, MAX_CAMPAIGN_VALUE);
  }
  if (typeof source.rawParams === 'object' && source.rawParams !== null) {
    for (const [k, v] of Object.entries(source.rawParams as Record<string, unknown>)) {
      if (typeof v === 'string' && v.trim() !== '') record.rawParams[k] = v.slice(0, MAX_RAW_VALUE);
    }
  }
  return HEADER_FIELDS.some((key) => record[key]) || Object.keys(record.rawParams).length > 0 ? record : null;
}

export const getCampaign = (): CampaignRecord | null => current;

/** Test hook: forget the visit's campaign (memory only). */
export function resetCampaignForTests(): void {
  current = null;
}

/** The header fields of a record, empty values left out (§5). */
export function campaignHeaderFields(record: CampaignRecord | null): CampaignHeader {
  const header: CampaignHeader = {};
  if (!record) return header;
  for (const key of HEADER_FIELDS) {
    const v = record[key];
    if (typeof v === 'string' && v.trim() !== '') header[key] = v.trim();
  }
  return header;
}

/** JSON for the `x-campaign` header, or undefined when no campaign was captured. */
export function campaignHeaderValue(record: CampaignRecord | null = current): string | undefined {
  const header = campaignHeaderFields(record);
  if (Object.keys(header).length === 0) return undefined;
  // Header values must be ISO-8859-1 or fetch throws: escape everything outside ASCII as \uXXXX (still valid JSON).
  return JSON.stringify(header).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The campaign as event parameters (attached to every analytics event), in the names web analytics
 * understands: campaign_id, campaign_source, campaign_medium, campaign_name, campaign_term,
 * campaign_content, gclid, fbclid. Empty values are left out.
 */
export function campaignEventParams(record: CampaignRecord | null = current): Record<string, string> {
  const header = campaignHeaderFields(record);
  const names: Record<keyof CampaignHeader, string> = {
    campaignId: 'campaign_id',
    source: 'campaign_source',
    medium: 'campaign_medium',
    campaign: 'campaign_name',
    term: 'campaign_term',
    content: 'campaign_content',
    gclid: 'gclid',
    fbclid: 'fbclid',
  };
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(header) as Array<[keyof CampaignHeader, string]>) out[names[key]] = value;
  return out;
}
