import { describe, expect, it } from 'vitest';
import { LOW_CREDIT_THRESHOLD, MARGIN_RATE, UNITS_PER_CREDIT } from '../constants';
import { creditsToUnits, displayCredits, unitsToCredits, withMargin } from './credits';

describe('constants (§9)', () => {
  it('counts 100 units per credit, a 20 % margin and a low-credit banner under 100', () => {
    expect(UNITS_PER_CREDIT).toBe(100);
    expect(MARGIN_RATE).toBe(0.2);
    expect(LOW_CREDIT_THRESHOLD).toBe(100);
  });
});

describe('unitsToCredits / creditsToUnits', () => {
  it('divides units by 100', () => {
    expect(unitsToCredits(0)).toBe(0);
    expect(unitsToCredits(100)).toBe(1);
    expect(unitsToCredits(150)).toBe(1.5);
    expect(unitsToCredits(5000)).toBe(50);
    expect(unitsToCredits(1)).toBe(0.01);
    expect(unitsToCredits(-200)).toBe(-2);
  });

  it('multiplies credits by 100 into whole units, absorbing float noise', () => {
    expect(creditsToUnits(0)).toBe(0);
    expect(creditsToUnits(2)).toBe(200);
    expect(creditsToUnits(1.5)).toBe(150);
    expect(creditsToUnits(0.1)).toBe(10); // 0.1 * 100 = 10.000000000000002
    expect(creditsToUnits(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(creditsToUnits(1.13)).toBe(113); // 1.13 * 100 = 112.99999999999999
    expect(Number.isInteger(creditsToUnits(0.07))).toBe(true);
  });

  it('round-trips every hundredth between 0 and 100 credits', () => {
    for (let units = 0; units <= 10_000; units += 1) {
      expect(creditsToUnits(unitsToCredits(units))).toBe(units);
    }
  });
});

describe('displayCredits (§5)', () => {
  it('floors to whole numbers', () => {
    expect(displayCredits(40)).toBe(40);
    expect(displayCredits(12.9)).toBe(12);
    expect(displayCredits(0.99)).toBe(0);
    expect(displayCredits(99.999)).toBe(99);
  });

  it('is never negative', () => {
    expect(displayCredits(-1)).toBe(0);
    expect(displayCredits(-0.5)).toBe(0);
    expect(displayCredits(-0)).toBe(0);
    expect(Object.is(displayCredits(-0), 0)).toBe(true);
  });

  it('reads numeric strings and counts anything non-numeric as 0', () => {
    expect(displayCredits('42.7')).toBe(42);
    expect(displayCredits(' 7 ')).toBe(7);
    expect(displayCredits('-3')).toBe(0);
    for (const v of ['abc', '', '   ', '12abc', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, true, {}, [], [5]]) {
      expect(displayCredits(v), String(v)).toBe(0);
    }
  });
});

describe('withMargin (§9)', () => {
  it('adds 20 % and rounds up', () => {
    expect(withMargin(5)).toBe(6);
    expect(withMargin(1)).toBe(2);
    expect(withMargin(10)).toBe(12);
    expect(withMargin(2)).toBe(3); // 2.4
    expect(withMargin(3)).toBe(4); // 3.6
    expect(withMargin(15)).toBe(18);
    expect(withMargin(0.5)).toBe(1); // 0.6
    expect(withMargin(2.5)).toBe(3);
  });

  it('does not round an exact result up through float noise', () => {
    // 1.2 * 5 = 6.000000000000001 and 1.2 * 25 = 30.000000000000004 in binary floating point.
    expect(withMargin(25)).toBe(30);
    expect(withMargin(35)).toBe(42);
    expect(withMargin(1000)).toBe(1200);
  });

  it('equals ceil(6c / 5) for every whole cost up to 10 000', () => {
    for (let c = 1; c <= 10_000; c += 1) {
      expect(withMargin(c)).toBe(Math.floor((6 * c + 4) / 5));
    }
  });

  it('gives 0 for 0, and for negative or non-finite costs', () => {
    expect(withMargin(0)).toBe(0);
    expect(withMargin(-5)).toBe(0);
    expect(withMargin(Number.NaN)).toBe(0);
    expect(withMargin(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
