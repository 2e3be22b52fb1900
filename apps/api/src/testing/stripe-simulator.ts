import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API that Atelier calls, written from Stripe's API
 * reference (https://docs.stripe.com/api/checkout/sessions): the official SDK is pointed at it
 * with STRIPE_API_HOST/PORT/PROTOCOL, so tests exercise the real client end to end.
 *
 *   POST /v1/checkout/sessions              create (form-encoded, Idempotency-Key honoured)
 *   GET  /v1/checkout/sessions/:id          retrieve
 *   POST /v1/checkout/sessions/:id/expire   expire an open session
 *   GET  /c/pay/:id                         a tiny hosted "checkout page" (Pay / Cancel) for browser tests
 *
 * Every API request is recorded (`requests`) for assertions. Helpers move sessions along
 * (`completeSession`, `expireSession`) and build and sign events the way Stripe does
 * (`event`, `sign`, `deliver`).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The form body decoded into nested objects and arrays (Stripe's bracket notation). */
  body: Record<string, any>;
  rawBody: string;
}

export interface StripeSimulatorOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Where `deliver()` (and the hosted page's Pay button) POST signed events. */
  webhook?: { url: string; secret: string };
}

export type SimSession = Stripe.Checkout.Session;

export interface StripeSimulator {
  url: string;
  host: string;
  port: number;
  requests: RecordedRequest[];
  sessions: Map<string, SimSession>;
  /** Env overrides that point the api's SDK client here. */
  env: () => Record<string, string>;
  /** The customer paid (or, for delayed methods, submitted): status complete. */
  completeSession: (id: string, options?: { paymentStatus?: 'paid' | 'unpaid' }) => SimSession;
  /** A delayed payment method settled. */
  settleAsyncPayment: (id: string, outcome: 'succeeded' | 'failed') => SimSession;
  expireSession: (id: string) => SimSession;
  /** A Stripe Event object (snapshot payload) around a copy of the session. */
  event: (type: string, session: SimSession, overrides?: Partial<Stripe.Event>) => Stripe.Event;
  /** The raw body and `Stripe-Signature` header of one delivery, signed with the SDK's test helper. */
  sign: (event: Stripe.Event, secret: string, timestamp?: number) => { payload: string; header: string };
  /** POSTs a signed event to `options.webhook.url`; resolves with the status code. */
  deliver: (event: Stripe.Event) => Promise<number>;
  /** Sets (or clears) where `deliver()` and the hosted page's Pay button send events. */
  setWebhook: (target: { url: string; secret: string } | undefined) => void;
  reset: () => void;
  close: () => Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Decodes Stripe's form encoding: `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`. */
export function decodeStripeForm(raw: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const first = key.split('[', 1)[0] ?? key;
    const path = [first, ...[...key.slice(first.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: any = out;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1] ?? '');
      const k: string | number = Array.isArray(node) && /^\d+$/.test(segment) ? Number(segment) : segment;
      if (last) node[k] = value;
      else {
        node[k] ??= nextIsIndex ? [] : {};
        node = node[k];
      }
    });
  }
  return out;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; param?: string; code?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), code });

function integer(value: unknown, param: string): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw invalid(`Invalid integer: ${String(value)}`, param, 'parameter_invalid_integer');
  return Number(value);
}

function checkMetadata(metadata: unknown, param: string): Record<string, string> {
  if (metadata === undefined || metadata === '') return {};
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) throw invalid('Invalid hash', param);
  const entries = Object.entries(metadata as Record<string, unknown>);
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys', param);
  for (const [k, v] of entries) {
    if (k.length > 40) throw invalid(`Metadata key ${k} is longer than 40 characters`, `${param}[${k}]`);
    if (typeof v !== 'string' || v.length > 500) throw invalid('Metadata values must be strings of at most 500 characters', `${param}[${k}]`);
  }
  return metadata as Record<string, string>;
}

/** Validates a create request the way the API reference describes and builds the session. */
function buildSession(params: Record<string, any>, baseUrl: string): SimSession {
  const mode = params.mode;
  if (!mode) throw invalid('Missing required param: mode.', 'mode', 'parameter_missing');
  if (!['payment', 'setup', 'subscription'].includes(mode)) throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
  const uiMode = params.ui_mode ?? 'hosted';
  if (uiMode === 'hosted' && !params.success_url) throw invalid('Missing required param: success_url.', 'success_url', 'parameter_missing');
  for (const p of ['success_url', 'cancel_url'] as const) {
    if (params[p] !== undefined && !/^https?:\/\/\S+$/.test(params[p])) throw invalid(`Not a valid URL`, p, 'url_invalid');
  }
  if (params.client_reference_id !== undefined && String(params.client_reference_id).length > 200) {
    throw invalid('client_reference_id must be at most 200 characters', 'client_reference_id');
  }
  const items = params.line_items;
  if (mode === 'payment' && (!Array.isArray(items) || items.length === 0)) {
    throw invalid('line_items is required in payment mode.', 'line_items', 'parameter_missing');
  }
  let amount = 0;
  let currency: string | null = null;
  (Array.isArray(items) ? items : []).forEach((item: any, i: number) => {
    const at = `line_items[${i}]`;
    const quantity = integer(item?.quantity, `${at}[quantity]`);
    if (quantity < 1) throw invalid('Quantity must be at least 1', `${at}[quantity]`);
    const pd = item?.price_data;
    if (item?.price) throw invalid(`No such price: '${item.price}'`, `${at}[price]`, 'resource_missing');
    if (!pd) throw invalid('You must specify either `price` or `price_data`.', at, 'parameter_missing');
    if (!pd.currency || !/^[a-z]{3}$/.test(pd.currency)) throw invalid('Invalid currency', `${at}[price_data][currency]`);
    if (!pd.product && !pd.product_data?.name)
      throw invalid('Missing required param: product_data[name].', `${at}[price_data][product_data][name]`, 'parameter_missing');
    const unit = integer(pd.unit_amount, `${at}[price_data][unit_amount]`);
    if (currency && currency !== pd.currency) throw invalid('All line items must use the same currency', `${at}[price_data][currency]`);
    currency = pd.currency;
    amount += unit * quantity;
  });
  if (mode === 'payment' && currency && amount < 50)
    throw invalid('The Checkout Session total amount must be at least 50 cents', 'line_items', 'amount_too_small');
  const metadata = checkMetadata(params.metadata, 'metadata');
  checkMetadata(params.payment_intent_data?.metadata, 'payment_intent_data[metadata]');

  const sessionId = id('cs_test');
  const created = now();
  const expiresAt = params.expires_at ? integer(params.expires_at, 'expires_at') : created + 24 * 3600;
  const session = {
    id: sessionId,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: params.allow_promotion_codes === 'true' ? true : null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created,
    currency,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: params.customer_email ?? null,
    discounts: [],
    expires_at: expiresAt,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata,
    mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: mode === 'payment' ? 'unpaid' : 'no_payment_required',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: params.success_url ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: uiMode,
    url: uiMode === 'hosted' ? `${baseUrl}/c/pay/${sessionId}` : null,
  };
  return session as unknown as SimSession;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeSimulator(initial: StripeSimulatorOptions = {}): Promise<StripeSimulator> {
  const options: StripeSimulatorOptions = { ...initial };
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, SimSession>();
  const idempotent = new Map<string, { rawBody: string; status: number; body: unknown }>();
  let baseUrl = '';

  const mustGet = (sessionId: string) => {
    const s = sessions.get(sessionId);
    if (!s)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `No such checkout.session: '${sessionId}'`,
        param: 'id',
        code: 'resource_missing',
      });
    return s;
  };

  const completeSession: StripeSimulator['completeSession'] = (sessionId, opts = {}) => {
    const s = mustGet(sessionId);
    if (s.status !== 'open') throw new Error(`session ${sessionId} is ${s.status}, not open`);
    const paid = (opts.paymentStatus ?? 'paid') === 'paid';
    Object.assign(s, {
      status: 'complete',
      payment_status: paid ? 'paid' : 'unpaid',
      payment_intent: id('pi_test'),
      customer_details: { email: s.customer_email, name: null, phone: null, address: null, tax_exempt: 'none', tax_ids: [] },
    });
    return structuredClone(s);
  };

  const settleAsyncPayment: StripeSimulator['settleAsyncPayment'] = (sessionId, outcome) => {
    const s = mustGet(sessionId);
    if (s.status !== 'complete' || s.payment_status !== 'unpaid') throw new Error(`session ${sessionId} has no pending delayed payment`);
    if (outcome === 'succeeded') s.payment_status = 'paid';
    return structuredClone(s);
  };

  const expireSession: StripeSimulator['expireSession'] = (sessionId) => {
    const s = mustGet(sessionId);
    if (s.status !== 'open') {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`);
    }
    Object.assign(s, { status: 'expired', url: null });
    return structuredClone(s);
  };

  const event: StripeSimulator['event'] = (type, session, overrides = {}) =>
    ({
      id: id('evt_test'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: structuredClone(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      ...overrides,
    }) as unknown as Stripe.Event;

  const sign: StripeSimulator['sign'] = (evt, secret, timestamp) => {
    const payload = JSON.stringify(evt, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
    return { payload, header };
  };

  const deliver: StripeSimulator['deliver'] = async (evt) => {
    if (!options.webhook) throw new Error('The simulator has no webhook target');
    const { payload, header } = sign(evt, options.webhook.secret);
    const res = await fetch(options.webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    await res.arrayBuffer();
    return res.status;
  };

  async function api(req: IncomingMessage, path: string, rawBody: string): Promise<{ status: number; body: unknown; replayed?: boolean }> {
    if (options.apiKey) {
      const auth = req.headers.authorization ?? '';
      if (auth !== `Bearer ${options.apiKey}`) {
        const shown = auth.replace(/^Bearer\s+/i, '');
        throw new StripeApiError(401, {
          type: 'invalid_request_error',
          message: shown ? `Invalid API Key provided: ${shown.slice(0, 8)}***` : 'You did not provide an API key.',
        });
      }
    }
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string') {
        const prior = idempotent.get(key);
        if (prior) {
          if (prior.rawBody !== rawBody) {
            throw new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            });
          }
          return { status: prior.status, body: prior.body, replayed: true };
        }
      }
      const session = buildSession(decodeStripeForm(rawBody), baseUrl);
      sessions.set(session.id, session);
      const result = { status: 200, body: structuredClone(session) };
      if (typeof key === 'string') idempotent.set(key, { rawBody, ...result });
      return result;
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && one?.[1]) return { status: 200, body: structuredClone(mustGet(decodeURIComponent(one[1]))) };
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire?.[1]) return { status: 200, body: expireSession(decodeURIComponent(expire[1])) };
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** The hosted page stand-in: Pay completes the session, delivers the event and redirects like Checkout. */
  async function hostedPage(req: IncomingMessage, res: ServerResponse, path: string) {
    const m = /^\/c\/pay\/([^/]+?)(\/(pay|cancel))?$/.exec(path);
    const s = m?.[1] ? sessions.get(m[1]) : undefined;
    if (!m || !s) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Checkout Session not found');
      return;
    }
    if (req.method === 'POST' && m[3] === 'pay' && s.status === 'open') {
      const done = completeSession(s.id);
      if (options.webhook) await deliver(event('checkout.session.completed', done)).catch(() => 0);
      res.writeHead(303, { location: (s.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', s.id) }).end();
      return;
    }
    if (req.method === 'POST' && m[3] === 'cancel') {
      res.writeHead(303, { location: s.cancel_url ?? '/' }).end();
      return;
    }
    const total = `${((s.amount_total ?? 0) / 100).toFixed(2)} ${(s.currency ?? '').toUpperCase()}`;
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><title>Stripe Checkout (simulator)</title><h1>Pay ${escapeHtml(total)}</h1><p>Session ${escapeHtml(s.id)} (${escapeHtml(String(s.status))})</p>` +
          `<form method="post" action="/c/pay/${escapeHtml(s.id)}/pay"><button type="submit">Pay</button></form>` +
          `<form method="post" action="/c/pay/${escapeHtml(s.id)}/cancel"><button type="submit">Cancel</button></form>`,
      );
  }

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    try {
      const rawBody = await readBody(req);
      if (path.startsWith('/c/pay/')) {
        await hostedPage(req, res, path);
        return;
      }
      requests.push({ method: req.method ?? 'GET', path, headers: { ...req.headers }, body: decodeStripeForm(rawBody), rawBody });
      const result = await api(req, path, rawBody);
      res.writeHead(result.status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(result.replayed ? { 'idempotent-replayed': 'true' } : {}),
        ...(typeof req.headers['stripe-version'] === 'string' ? { 'stripe-version': req.headers['stripe-version'] } : {}),
      });
      res.end(JSON.stringify(result.body));
    } catch (e) {
      const err =
        e instanceof StripeApiError ? e : new StripeApiError(500, { type: 'api_error', message: e instanceof Error ? e.message : String(e) });
      res.writeHead(err.status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify({ error: err.body }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    host: '127.0.0.1',
    port,
    requests,
    sessions,
    env: () => ({ STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' }),
    completeSession,
    settleAsyncPayment,
    expireSession,
    event,
    sign,
    deliver,
    setWebhook: (target) => {
      options.webhook = target;
    },
    reset: () => {
      requests.length = 0;
      sessions.clear();
      idempotent.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
