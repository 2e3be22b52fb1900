import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

/**
 * A real SMTP server on loopback for tests (npm smtp-server), with every accepted message parsed
 * by mailparser. The api's worker sends to it exactly as it would to Mailpit or a provider:
 * `SMTP_URL: mailbox.url`. It can refuse deliveries (a temporary 451, as a busy server does) to
 * exercise retries. Used by the api's integration tests and the browser tests alike.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string | null;
  /** Every http(s) link in the HTML and text parts, in order, without duplicates. */
  links: string[];
  attachments: { filename: string | null; contentType: string; cid: string | null; size: number }[];
  parsed: ParsedMail;
}

export interface TestMailbox {
  /** smtp://user:pass@127.0.0.1:<port> — the SMTP_URL to give the api. */
  url: string;
  port: number;
  /** Messages accepted, in order of arrival. */
  messages: ReceivedMail[];
  /** Deliveries attempted (DATA commands), refused ones included. */
  attempts(): number;
  /** Refuses the next `n` deliveries with `451 4.3.0 …` (a temporary failure: senders retry). */
  refuseNext(n: number): void;
  /** The first message (already received or arriving within `timeoutMs`) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Messages to one address. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

const LINK = /https?:\/\/[^\s"'<>\]]+/g;

function linksOf(html: string, text: string): string[] {
  const fromHtml = [...html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
  const fromText = [...text.matchAll(LINK)].map((m) => m[0]);
  return [...new Set([...fromHtml, ...fromText].filter((l) => /^https?:\/\//.test(l)))];
}

/** The first link in a mail whose path starts with `path` (e.g. '/verify-email'). */
export function linkTo(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(path));
  if (!link) throw new Error(`No link to ${path} in "${mail.subject}": ${mail.links.join(', ') || '(no links)'}`);
  return link;
}

export async function startMailbox(
  options: {
    user?: string;
    pass?: string;
    /** Refuse the first n deliveries with a temporary 451. */
    refuseFirst?: number;
    /** Refuse every delivery with this code (e.g. 550: a permanent failure). */
    rejectWith?: number;
  } = {},
): Promise<TestMailbox> {
  const user = options.user ?? 'atelier';
  const pass = options.pass ?? 'mailbox-secret';
  const messages: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  let refuse = options.refuseFirst ?? 0;
  let attempts = 0;

  const server = new SMTPServer({
    // No TLS on loopback: no STARTTLS to upgrade to, and AUTH allowed in the clear.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      attempts += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (options.rejectWith) {
          callback(Object.assign(new Error('Mailbox unavailable (test mailbox rejects everything)'), { responseCode: options.rejectWith }));
          return;
        }
        if (refuse > 0) {
          refuse -= 1;
          callback(Object.assign(new Error('Try again later (test mailbox is refusing)'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks), { keepCidLinks: true })
          .then((parsed) => {
            const html = typeof parsed.html === 'string' ? parsed.html : '';
            const text = parsed.text ?? '';
            const mail: ReceivedMail = {
              from: parsed.from?.text ?? '',
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text,
              html,
              messageId: parsed.messageId ?? null,
              links: linksOf(html, text),
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? null,
                contentType: a.contentType,
                cid: a.cid ?? null,
                size: a.size,
              })),
              parsed,
            };
            messages.push(mail);
            for (const w of [...waiters]) {
              if (w.match(mail)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(mail);
              }
            }
            callback();
          })
          .catch((e: unknown) => callback(e as Error));
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    port,
    messages,
    attempts: () => attempts,
    refuseNext(n) {
      refuse = n;
    },
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    waitFor(match, timeoutMs = 15_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(
              new Error(
                `No matching mail within ${timeoutMs} ms; received: ${messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'}`,
              ),
            );
          }
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
