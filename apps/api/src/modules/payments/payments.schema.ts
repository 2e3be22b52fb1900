import { z } from 'zod';

export const PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ZCreditPackage = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int(),
  price: z.number().int().describe('Price in the smallest currency unit (cents)'),
  currency: z.string().describe('ISO 4217, lower case'),
  pricePerCredit: z.number().describe('Cents per credit, rounded to 2 decimals'),
  creditsPerCurrencyUnit: z.number().describe('Credits per whole currency unit (e.g. per dollar), rounded to 2 decimals'),
});
export type CreditPackage = z.infer<typeof ZCreditPackage>;

export const ZPackageList = z.object({
  packages: z.array(ZCreditPackage),
  configured: z.boolean().describe('False when this server has no Stripe keys: packages show, buying is refused'),
});

export const ZCheckoutInput = z.object({
  packageId: z.string({ error: 'packageId is required' }).trim().min(1, 'packageId is required').max(64, 'Unknown credit package'),
});

export const ZCheckoutResponse = z.object({
  url: z.string().describe('Stripe Checkout page: redirect the browser here'),
  sessionId: z.string(),
});

export const ZPayment = z.object({
  id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int().describe('Amount in cents'),
  currency: z.string(),
  credits: z.number().int(),
  sessionId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payment = z.infer<typeof ZPayment>;

export const ZPaymentHistoryInput = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const ZPaymentHistory = z.object({
  payments: z.array(ZPayment),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const ZConfirmInput = z.object({
  sessionId: z
    .string({ error: 'sessionId is required' })
    .trim()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Not a Checkout Session id'),
});

export const ZConfirmResponse = z.object({
  payment: ZPayment,
  creditsBalance: z.number().describe('The balance in credits after any credits this call granted'),
});
