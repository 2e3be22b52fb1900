import { describe, expect, it } from 'vitest';
import { balanceSeries, formatAmount, generationHref, kindLabel } from './ledger';
import { bestValueId, bonusPercent, creditsPerUnit, currencyDigits, formatCreditsPerUnit, formatPrice, majorAmount } from './money';

const PACKAGES = [
  { id: 'starter', credits: 100, price: 1000, currency: 'usd' },
  { id: 'creator', credits: 500, price: 4000, currency: 'usd' },
  { id: 'studio', credits: 1500, price: 10000, currency: 'usd' },
  { id: 'pro', credits: 5000, price: 30000, currency: 'usd' },
];

describe('money', () => {
  it('uses the currency’s own minor unit', () => {
    expect(currencyDigits('usd')).toBe(2);
    expect(currencyDigits('jpy')).toBe(0);
    expect(majorAmount(1000, 'usd')).toBe(10);
    expect(majorAmount(1500, 'jpy')).toBe(1500);
  });

  it('formats prices by currency, tolerating unknown codes', () => {
    expect(formatPrice(1000, 'usd')).toBe('$10.00');
    expect(formatPrice(4000, 'eur')).toBe('€40.00');
    expect(formatPrice(1500, 'jpy')).toBe('¥1,500');
    expect(formatPrice(1000, 'zz')).toBe('10.00 ZZ');
  });

  it('gives credits per whole currency unit', () => {
    expect(creditsPerUnit(500, 4000, 'usd')).toBe(12.5);
    expect(creditsPerUnit(100, 0, 'usd')).toBe(0);
    expect(formatCreditsPerUnit(500, 4000, 'usd')).toBe('12.5 credits per $1');
  });

  it('marks the single most generous package as best value', () => {
    expect(bestValueId(PACKAGES)).toBe('pro');
    expect(bestValueId(PACKAGES.slice(0, 1))).toBeNull();
    expect(bestValueId([PACKAGES[0]!, { ...PACKAGES[0]!, id: 'twin' }])).toBeNull();
    expect(bestValueId([PACKAGES[0]!, { ...PACKAGES[3]!, currency: 'eur' }])).toBeNull();
  });

  it('says how many more credits per unit than the base package', () => {
    expect(bonusPercent(PACKAGES[0]!, PACKAGES)).toBe(0);
    expect(bonusPercent(PACKAGES[1]!, PACKAGES)).toBe(25);
    expect(bonusPercent(PACKAGES[3]!, PACKAGES)).toBe(67);
  });
});

describe('ledger presentation', () => {
  it('labels kinds readably', () => {
    expect(kindLabel('signup_bonus', null)).toBe('Sign-up bonus');
    expect(kindLabel('spend', 'generation')).toBe('Generation');
    expect(kindLabel('refund', 'generation')).toBe('Generation refund');
    expect(kindLabel('admin_adjustment', null)).toBe('Adjustment');
  });

  it('signs amounts', () => {
    expect(formatAmount(500)).toBe('+500');
    expect(formatAmount(-2)).toBe('\u22122');
    expect(formatAmount(-1.5)).toBe('\u22121.5');
    expect(formatAmount(0)).toBe('0');
  });

  it('links generation rows to the history screen', () => {
    expect(generationHref({ referenceType: 'generation', referenceId: 'abc' })).toBe('/history?generation=abc');
    expect(generationHref({ referenceType: 'payment', referenceId: 'abc' })).toBeNull();
  });

  it('draws the balance oldest first and ends at the current balance', () => {
    const series = balanceSeries(
      [
        { balanceAfter: 40, createdAt: '2026-01-02T10:00:00Z' },
        { balanceAfter: 50, createdAt: '2026-01-01T10:00:00Z' },
      ],
      40,
    );
    expect(series.map((p) => p.balance)).toEqual([50, 40, 40]);
    expect(series.at(-1)?.label).toBe('Now');
    expect(balanceSeries([], 10)).toEqual([]);
  });
});
