import { afterEach, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_ID_PARAMS,
  campaignEventParams,
  campaignHeaderValue,
  captureCampaign,
  getCampaign,
  PRODUCT_CAMPAIGN_PARAM,
  parseCampaign,
  resetCampaignForTests,
} from './campaign';

afterEach(() => resetCampaignForTests());

describe('parseCampaign: each landing URL parameter (§3)', () => {
  it.each([
    ['c', 'campaignId'],
    ['campaign_id', 'campaignId'],
    ['campaignId', 'campaignId'],
    [PRODUCT_CAMPAIGN_PARAM, 'campaignId'],
    ['utm_source', 'source'],
    ['utm_medium', 'medium'],
    ['utm_campaign', 'campaign'],
    ['utm_term', 'term'],
    ['utm_content', 'content'],
    ['gclid', 'gclid'],
    ['fbclid', 'fbclid'],
  ])('%s → %s, and rawParams keeps it', (param, field) => {
    const record = parseCampaign(`?${param}=value-1`);
    expect(record).not.toBeNull();
    expect(record?.[field as keyof typeof record]).toBe('value-1');
    expect(record?.rawParams).toEqual({ [param]: 'value-1' });
  });

  it('the product parameter is atl_campaign', () => {
    expect(PRODUCT_CAMPAIGN_PARAM).toBe('atl_campaign');
    expect(CAMPAIGN_ID_PARAMS).toEqual(['atl_campaign', 'campaignId', 'campaign_id', 'c']);
  });

  it('maps a full landing URL', () => {
    const record = parseCampaign(
      '?utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=ai+art&utm_content=hero&gclid=abc&fbclid=fb1&c=42&ref=home',
    );
    expect(record).toEqual({
      campaignId: '42',
      source: 'news',
      medium: 'email',
      campaign: 'spring',
      term: 'ai art',
      content: 'hero',
      gclid: 'abc',
      fbclid: 'fb1',
      rawParams: {
        utm_source: 'news',
        utm_medium: 'email',
        utm_campaign: 'spring',
        utm_term: 'ai art',
        utm_content: 'hero',
        gclid: 'abc',
        fbclid: 'fb1',
        c: '42',
        ref: 'home',
      },
    });
  });

  it('the most specific campaign-id parameter wins when several are present', () => {
    expect(parseCampaign('?c=generic&campaign_id=snake&campaignId=camel&atl_campaign=ours')?.campaignId).toBe('ours');
    expect(parseCampaign('?c=generic&campaign_id=snake&campaignId=camel')?.campaignId).toBe('camel');
    expect(parseCampaign('?c=generic&campaign_id=snake')?.campaignId).toBe('snake');
    // An empty value does not hide the next one.
    expect(parseCampaign('?atl_campaign=&c=generic')?.campaignId).toBe('generic');
  });

  it('ignores empty values (§5) and returns null without any campaign parameter', () => {
    expect(parseCampaign('?utm_source=&utm_medium=%20&gclid=')).toBeNull();
    expect(parseCampaign('?ref=home&tab=all')).toBeNull();
    expect(parseCampaign('')).toBeNull();
    const record = parseCampaign('?utm_source=news&utm_medium=&utm_term=');
    expect(record).toEqual({ source: 'news', rawParams: { utm_source: 'news' } });
  });

  it('keeps other landing parameters in rawParams, but never sensitive-looking ones', () => {
    const record = parseCampaign('?utm_source=news&token=secret&reset_code=1&email=a@b.c&ref=home&utm_id=77');
    expect(record?.rawParams).toEqual({ utm_source: 'news', ref: 'home', utm_id: '77' });
  });

  it('caps values so the header stays inside the server limits', () => {
    const record = parseCampaign(`?utm_source=${'x'.repeat(1000)}`);
    expect(record?.source).toHaveLength(256);
  });
});

describe('campaign header and event parameters', () => {
  it('sends campaign id, source, medium, campaign, term, content and the click ids in the x-campaign header', () => {
    captureCampaign('?utm_source=news&gclid=abc&utm_medium=&c=42&ref=home');
    expect(getCampaign()?.source).toBe('news');
    expect(JSON.parse(campaignHeaderValue() ?? 'null')).toEqual({ campaignId: '42', source: 'news', gclid: 'abc' });
  });

  it('has no header without a campaign', () => {
    expect(campaignHeaderValue()).toBeUndefined();
    expect(campaignHeaderValue(parseCampaign('?ref=x'))).toBeUndefined();
  });

  it('escapes non-ASCII so the header is valid ISO-8859-1 and still valid JSON', () => {
    const value = campaignHeaderValue(parseCampaign('?utm_campaign=été🎨'));
    expect(value).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(value ?? '')).toEqual({ campaign: 'été🎨' });
  });

  it('attaches the campaign to events in web-analytics names, empty values left out', () => {
    expect(
      campaignEventParams(parseCampaign('?utm_source=news&utm_medium=&utm_campaign=spring&utm_term=t&utm_content=c&c=42&gclid=g&fbclid=f')),
    ).toEqual({
      campaign_id: '42',
      campaign_source: 'news',
      campaign_name: 'spring',
      campaign_term: 't',
      campaign_content: 'c',
      gclid: 'g',
      fbclid: 'f',
    });
    expect(campaignEventParams(null)).toEqual({});
  });
});
