/**
 * Prices arrive in the currency's smallest unit (Stripe's convention: cents for USD, yen for JPY).
 * These helpers turn them into whole currency units and format them, using the currency's own
 * number of decimals (Intl knows JPY has none), so nothing assumes "divide by 100".
 */

const FALLBACK_DIGITS = 2;

/** Decimals of a currency's minor unit: 2 for usd/eur, 0 for jpy/krw. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ??
      FALLBACK_DIGITS
    );
  } catch {
    return FALLBACK_DIGITS;
  }
}

/** The amount in whole currency units (1000 usd cents → 10). */
export function majorAmount(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/** '$10.00', '€40.00', '¥1,500' — an unknown code falls back to '10.00 XYZ'. */
export function formatPrice(minor: number, currency: string): string {
  const amount = majorAmount(minor, currency);
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${amount.toFixed(FALLBACK_DIGITS)} ${code}`;
  }
}

/** The currency's symbol alone ('$', '€'), for "credits per $1". */
export function currencySymbol(currency: string): string {
  const code = currency.toUpperCase();
  try {
    const part = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(1)
      .find((p) => p.type === 'currency');
    return part?.value ?? code;
  } catch {
    return code;
  }
}

/** Credits one whole currency unit buys, rounded to 2 decimals (0 when the price is 0). */
export function creditsPerUnit(credits: number, priceMinor: number, currency: string): number {
  const major = majorAmount(priceMinor, currency);
  if (!(major > 0)) return 0;
  return Math.round((credits / major) * 100) / 100;
}

/** '12.5 credits per $1' */
export function formatCreditsPerUnit(credits: number, priceMinor: number, currency: string): string {
  const rate = creditsPerUnit(credits, priceMinor, currency);
  return `${rate.toLocaleString('en-US', { maximumFractionDigits: 2 })} credits per ${currencySymbol(currency)}1`;
}

interface PricedPackage {
  id: string;
  credits: number;
  price: number;
  currency: string;
}

/**
 * The package with the most credits per currency unit, when there is a clear winner among two or
 * more packages of the same currency (a tie or a single package marks nothing).
 */
export function bestValueId(packages: readonly PricedPackage[]): string | null {
  if (packages.length < 2) return null;
  const currencies = new Set(packages.map((p) => p.currency.toLowerCase()));
  if (currencies.size !== 1) return null;
  const rates = packages.map((p) => ({ id: p.id, rate: creditsPerUnit(p.credits, p.price, p.currency) }));
  const best = Math.max(...rates.map((r) => r.rate));
  const winners = rates.filter((r) => r.rate === best);
  return winners.length === 1 && best > 0 ? (winners[0]?.id ?? null) : null;
}

/**
 * How many more credits per currency unit a package gives than the least generous one of the
 * same currency, in whole percent (0 for the base package or mixed currencies).
 */
export function bonusPercent(pkg: PricedPackage, packages: readonly PricedPackage[]): number {
  const same = packages.filter((p) => p.currency.toLowerCase() === pkg.currency.toLowerCase());
  const rates = same.map((p) => creditsPerUnit(p.credits, p.price, p.currency)).filter((r) => r > 0);
  if (rates.length < 2) return 0;
  const base = Math.min(...rates);
  const rate = creditsPerUnit(pkg.credits, pkg.price, pkg.currency);
  return rate > base ? Math.round((rate / base - 1) * 100) : 0;
}
