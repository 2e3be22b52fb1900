import { createReadStream } from 'node:fs';
import path from 'node:path';
import { QUEUE_KEYS } from '@atelier/jobs';
import { MESSAGES } from '@atelier/shared';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../context';
import { isTrustedOrigin } from '../lib/origin';
import { writeAudit } from '../modules/admin/admin.audit';
import {
  COOKIE_TTL_SECONDS,
  currentRole,
  mintSessionCookie,
  QUEUE_COOKIE,
  QUEUE_DASHBOARD_PATH,
  redeemTicket,
  verifySessionCookie,
} from '../modules/admin/admin.queue-ticket';
import { authenticateRequest, INVALID_TOKEN } from '../modules/auth/auth.session';
import { resolveWebDist } from './web-dist';

/**
 * The operators' queue dashboard (Bull Board) under /admin/queues, for admins only. Real Fastify
 * routes, so the SPA fallback never swallows them (the web's /admin screens stay the SPA).
 *
 * Access: a one-time ticket from `admin.queueDashboardLink` (`/admin/queues?ticket=…`) is exchanged
 * for an httpOnly, SameSite=Strict cookie scoped to /admin/queues; every request re-checks that the
 * session is alive and the user is still an admin. A bearer token works too (scripts).
 *
 * Opened directly (a bookmark, a shared link) the browser has no dashboard cookie yet, only the
 * web app's session: that navigation gets the web app, whose /admin/queues screen exchanges the
 * session for a ticket (admins), or shows 'Admin Access Required' (others) or the login (guests).
 * Other requests without credentials: 401; a non-admin: 403.
 */
const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#0f0f13;color:#e6e6ee}main{max-width:440px;padding:24px;text-align:center}a{color:#ae92fe}</style></head>
<body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Return to dashboard</a></p></main></body></html>`;

function refuse(req: FastifyRequest, reply: FastifyReply, status: 401 | 403) {
  const message =
    status === 401
      ? 'Open the queue dashboard from the admin console (AI Control → Queue dashboard) while signed in as an admin.'
      : MESSAGES.adminRequired;
  const wantsHtml = req.method === 'GET' && String(req.headers.accept ?? '').includes('text/html');
  void reply.header('cache-control', 'no-store');
  if (wantsHtml)
    return reply
      .status(status)
      .type('text/html')
      .send(page(status === 401 ? 'Sign-in required' : 'Admin Access Required', message));
  return reply.status(status).send({ error: { code: status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN', message } });
}

/** The dashboard's own address, as a browser navigates to it (not its api or static files). */
const isDashboardPage = (req: FastifyRequest) => {
  const pathname = (req.url.split('?')[0] ?? '').replace(/\/+$/, '');
  return req.method === 'GET' && pathname === QUEUE_DASHBOARD_PATH && String(req.headers.accept ?? '').includes('text/html');
};

export async function bullBoardPlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  const webDist = resolveWebDist(deps.env.http.webDistDir);
  /** No dashboard credentials yet: a page navigation gets the web app, which signs the admin in (see above). */
  const unauthenticated = (req: FastifyRequest, reply: FastifyReply) => {
    if (webDist && isDashboardPage(req)) {
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(createReadStream(path.join(webDist, 'index.html')));
    }
    return refuse(req, reply, 401);
  };
  /** Who is behind each authorised request (for the audit of board actions). */
  const actors = new WeakMap<FastifyRequest, string>();
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: QUEUE_KEYS.map((k) => new BullMQAdapter(deps.queues.queues[k], { displayName: k })),
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: 'Atelier queues',
        hideDocsLink: true,
        miscLinks: [{ text: 'Back to AI Control', url: '/admin/ai-control' }],
      },
    },
  });

  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.env.auth.cookieSecure,
    path: QUEUE_DASHBOARD_PATH,
  };

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (req, reply) => {
        const url = new URL(req.url, 'http://x');
        // /admin/queues?ticket=…: exchange a one-time ticket for the cookie, then show the board.
        const ticket = url.searchParams.get('ticket');
        if (ticket !== null && req.method === 'GET') {
          const claims = await redeemTicket(deps, ticket).catch(() => null);
          if (!claims) return refuse(req, reply, 401);
          const role = await currentRole(deps.db, claims);
          if (role === 'invalid') return refuse(req, reply, 401);
          if (role !== 'admin') return refuse(req, reply, 403);
          const { token } = mintSessionCookie(deps.env, { id: claims.sub, sessionId: claims.sid });
          deps.log.info({ userId: claims.sub }, 'queue dashboard opened');
          return reply
            .setCookie(QUEUE_COOKIE, token, { ...cookieOptions, maxAge: COOKIE_TTL_SECONDS })
            .header('cache-control', 'no-store')
            .redirect(`${QUEUE_DASHBOARD_PATH}/`, 303);
        }
        // Cookie-authenticated writes must come from our own pages (CSRF), on top of SameSite=Strict.
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          const origin = req.headers.origin;
          if (origin && !isTrustedOrigin(req, deps.env)) return refuse(req, reply, 403);
        }
        const authorization = req.headers.authorization;
        if (authorization) {
          const auth = await authenticateRequest(deps, authorization);
          if (auth === INVALID_TOKEN || auth === null) return refuse(req, reply, 401);
          if (!auth.isAdmin) return refuse(req, reply, 403);
          actors.set(req, auth.id);
          return;
        }
        const cookie = req.cookies[QUEUE_COOKIE];
        const claims = cookie ? verifySessionCookie(deps.env, cookie) : null;
        if (!claims) return unauthenticated(req, reply);
        const role = await currentRole(deps.db, claims);
        if (role === 'invalid') {
          void reply.clearCookie(QUEUE_COOKIE, cookieOptions);
          return unauthenticated(req, reply);
        }
        if (role !== 'admin') return refuse(req, reply, 403);
        actors.set(req, claims.sub);
      });

      // Changes made on the board (retry, clean, pause, promote, remove…) are audited like the console's.
      scope.addHook('onResponse', async (req, reply) => {
        const actorId = actors.get(req);
        if (!actorId || req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400) return;
        const params = (req.params ?? {}) as Record<string, string | undefined>;
        await writeAudit(deps.db, {
          actorId,
          action: 'queue.dashboard_action',
          targetType: 'queue',
          targetId: params.queueName ?? null,
          before: null,
          after: { method: req.method, path: req.url.split('?')[0] ?? '', status: reply.statusCode },
        }).catch((e: unknown) => deps.log.error({ err: String(e) }, 'audit of a queue dashboard action failed'));
      });

      await scope.register(serverAdapter.registerPlugin());

      // Anything else under the dashboard (a missing static file too) is a 404, never the SPA.
      scope.setNotFoundHandler((req, reply) => {
        void reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${req.method} ${req.url.split('?')[0]}` } });
      });
    },
    { prefix: QUEUE_DASHBOARD_PATH },
  );
}
