import { readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';

/**
 * Hostile input against the real api: disguised and over-limit uploads, path traversal in media
 * keys and file parameters, SQL metacharacters in search fields, account enumeration and a
 * credential-stuffing burst.
 */
let t: TestApp;
let user: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '5' });
  user = await t.signUp();
});
afterAll(async () => {
  await t.close();
});

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? filesUnder(p) : [p];
    });
  } catch {
    return [];
  }
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>';
const HTML = '<!doctype html><html><body><script>fetch("/api/auth/me").then(r=>r.text()).then(alert)</script></body></html>';
function wavHeaderThen(rest: string): Buffer {
  const body = Buffer.from(rest);
  const h = Buffer.alloc(12);
  h.write('RIFF', 0);
  h.writeUInt32LE(4 + body.length, 4);
  h.write('WAVE', 8);
  return Buffer.concat([h, body]);
}

/** Payloads that are not what they claim to be. */
const IMAGE_CORPUS: [string, string][] = [
  ['SVG with script, labelled PNG', `data:image/png;base64,${b64(SVG)}`],
  ['SVG, labelled SVG', `data:image/svg+xml;base64,${b64(SVG)}`],
  ['HTML, labelled PNG', `data:image/png;base64,${b64(HTML)}`],
  ['PNG signature then HTML (polyglot)', `data:image/png;base64,${b64(Buffer.concat([PNG_SIG, Buffer.from(HTML)]))}`],
  ['GIF header then script (polyglot)', `data:image/gif;base64,${b64(`GIF89a/*\x00\x00*/=1;alert(1)//${HTML}`)}`],
  ['plain base64 HTML', b64(HTML)],
];
const AUDIO_CORPUS: [string, string][] = [
  ['HTML, labelled WAV', `data:audio/wav;base64,${b64(HTML)}`],
  ['RIFF/WAVE header then HTML (polyglot)', `data:audio/wav;base64,${b64(wavHeaderThen(HTML))}`],
  ['SVG, labelled MP3', `data:audio/mpeg;base64,${b64(SVG)}`],
];

describe('upload corpus', () => {
  let imageProject: string;
  let videoProject: string;
  beforeAll(async () => {
    imageProject = (await t.rest('POST', '/api/projects', { token: user.token, body: { name: 'uploads', type: 'IMAGE' } })).body.project.id;
    videoProject = (await t.rest('POST', '/api/projects', { token: user.token, body: { name: 'sounds', type: 'VIDEO' } })).body.project.id;
  });

  const imageTargets = (payload: string): [string, string, unknown][] => [
    ['profile avatar', '/api/profile/avatar', { image: payload }],
    ['avatar studio photo', '/api/advanced-features/avatar/create', { name: 'Disguised', type: 'photo', photo: payload }],
    ['image editor asset', `/api/image-editor/projects/${imageProject}/assets`, { image: payload }],
  ];
  const audioTargets = (payload: string): [string, string, unknown][] => [
    ['voice clone samples', '/api/advanced-features/voice/clone', { name: 'Disguised', samples: [payload, payload] }],
    ['sound editor upload', `/api/sound-editor/projects/${videoProject}/sources/upload`, { name: 'Disguised', audio: payload }],
  ];

  it.each(IMAGE_CORPUS)('refuses %s on every image upload, storing nothing', async (_label, payload) => {
    for (const [where, url, body] of imageTargets(payload)) {
      const before = filesUnder(t.env.media.dir).length;
      const res = await t.rest('POST', url, { token: user.token, body });
      expect([400, 415], `${where}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(filesUnder(t.env.media.dir).length, where).toBe(before);
    }
  });

  it.each(AUDIO_CORPUS)('refuses %s on every audio upload, storing nothing', async (_label, payload) => {
    for (const [where, url, body] of audioTargets(payload)) {
      const before = filesUnder(t.env.media.dir).length;
      const res = await t.rest('POST', url, { token: user.token, body });
      expect([400, 415], `${where}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(filesUnder(t.env.media.dir).length, where).toBe(before);
    }
  });

  it('answers an over-limit upload 413 from its Content-Length, before the body is sent', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        // Headers only: a 50 MB body is announced and never sent.
        socket.write(
          `POST /api/profile/avatar HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${user.token}\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n{"image":"`,
        );
      });
      let data = '';
      socket.on('data', (d) => {
        data += d.toString();
        if (data.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(data);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no answer before the body: ${data}`)), 5000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });

  it('answers an over-limit JSON body 413 with the one error shape', async () => {
    const res = await t.rest('POST', '/api/profile/avatar', { token: user.token, body: { image: 'A'.repeat(13 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('path traversal', () => {
  const passwd = /root:.*:0:0:/;
  it.each([
    '/media/../../../../etc/passwd',
    '/media/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/media/uploads/x/..%252f..%252f..%252fetc%252fpasswd',
    '/media/%2fetc%2fpasswd',
    '/media/uploads/x/....//....//etc/passwd',
    '/media/uploads%5c..%5c..%5cetc%5cpasswd',
    '/media/uploads/x/%00.png',
  ])('never serves a file outside the media store: %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?exp=9999999999&sig=x` });
    expect(res.body).not.toMatch(passwd);
    // A URL the router normalises away from /media (/media/../x → /x) gets the web app's page.
    if (res.statusCode === 200) expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    else expect([400, 403, 404]).toContain(res.statusCode);
  });

  it('refuses a generation input file outside the caller’s own files with 400, charging nothing', async () => {
    const balance = async () => (await t.rest('GET', '/api/credits/balance', { token: user.token })).body;
    const before = await balance();
    for (const image of [
      `uploads/${user.userId}/../../../../etc/passwd`,
      `uploads/${user.userId}/../00000000-0000-4000-8000-00000000d3e0/a.png`,
      '/etc/passwd',
      'file:///etc/passwd',
    ]) {
      const res = await t.rest('POST', '/api/generation/generate', {
        token: user.token,
        body: { prompt: 'animate this', type: 'video', model: 'local/video', image },
      });
      expect(res.status, `${image}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.fields.map((f: { path: string }) => f.path)).toContain('image');
    }
    expect(await balance()).toEqual(before);
  });
});

describe('SQL metacharacters in search fields', () => {
  it('are literal text: they match only themselves and change nothing', async () => {
    const names = ['100% juice', 'under_score', "O'Brien's bakery", 'back\\slash', 'plain name'];
    for (const name of names) expect((await t.rest('POST', '/api/projects', { token: user.token, body: { name, type: 'TEXT' } })).status).toBe(200);
    const search = async (q: string) =>
      (await t.rest('GET', `/api/projects?search=${encodeURIComponent(q)}&limit=100`, { token: user.token })).body.projects.map(
        (p: { name: string }) => p.name,
      );
    expect(await search('%')).toEqual(['100% juice']);
    expect(await search('_')).toEqual(['under_score']);
    expect(await search("'")).toEqual(["O'Brien's bakery"]);
    expect(await search('\\')).toEqual(['back\\slash']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal `${1}` is one of the hostile inputs.
    for (const q of ["' OR '1'='1", "'; DROP TABLE projects; --", '%%', '") OR 1=1 --', '\\%', '$1', '${1}', "' UNION SELECT email FROM users --"]) {
      const urls = [`/api/projects?search=${encodeURIComponent(q)}`, `/api/generation/history?search=${encodeURIComponent(q)}`];
      urls.push(`/api/prompts?search=${encodeURIComponent(q)}`, `/api/chat/conversations?search=${encodeURIComponent(q)}`);
      for (const url of urls) {
        const res = await t.rest('GET', url, { token: user.token });
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(JSON.stringify(res.body)).not.toContain('@example.com');
      }
      expect(await search(q)).toEqual([]);
    }
    expect((await t.rest('GET', '/api/projects?limit=100', { token: user.token })).body.total).toBeGreaterThanOrEqual(names.length);
  });
});

describe('sign-in without enumeration, slowed under credential stuffing', () => {
  const login = (email: string, password: string, ip: string) =>
    t.rest('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

  it('answers a known and an unknown e-mail with the same status and body', async () => {
    await t.signUp('known-victim@example.com', 'the right password');
    const known = await login('known-victim@example.com', 'a wrong password', '198.51.100.1');
    const unknown = await login('no-such-user@example.com', 'a wrong password', '198.51.100.2');
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // Timing: both verify a password hash (no fast path for unknown addresses).
    const time = async (email: string, ip: string) => {
      const t0 = performance.now();
      await login(email, 'a wrong password', ip);
      return performance.now() - t0;
    };
    // Medians of 3 (4 failures per address in all: below the slow-down threshold of 5 here).
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] as number;
    const k = median([
      await time('known-victim@example.com', '198.51.100.3'),
      await time('known-victim@example.com', '198.51.100.5'),
      await time('known-victim@example.com', '198.51.100.7'),
    ]);
    const u = median([
      await time('no-such-user@example.com', '198.51.100.4'),
      await time('no-such-user@example.com', '198.51.100.6'),
      await time('no-such-user@example.com', '198.51.100.8'),
    ]);
    expect(Math.abs(k - u)).toBeLessThan(Math.max(k, u) * 0.75 + 50);
  });

  it('one client hammering gets 429; a botnet on one account is slowed, and the real user still signs in', async () => {
    await t.signUp('stuffed@example.com', 'the real password 1');
    // One client: refused after the limit (5/min here).
    const single: number[] = [];
    for (let i = 0; i < 7; i++) single.push((await login('someone@example.com', `guess ${i}`, '203.0.113.77')).status);
    expect(single.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(single.slice(5)).toEqual([429, 429]);

    // Many clients, one account: every attempt answered (never 429), but slowed past the limit.
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      const t0 = performance.now();
      const res = await login('stuffed@example.com', `stuffed guess ${i}`, `192.0.2.${10 + i}`);
      times.push(performance.now() - t0);
      expect(res.status).toBe(401);
    }
    expect(Math.min(...times.slice(6))).toBeGreaterThan(1000);
    // The real user, from their own address, still gets in.
    const real = await login('stuffed@example.com', 'the real password 1', '198.51.100.200');
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.accessToken).toBeTruthy();
  }, 60_000);
});

describe('control characters in text input (one check for every procedure)', () => {
  const count = async (table: 'projects' | 'generations') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', user.userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const balance = async () => (await t.rest('GET', '/api/auth/me', { token: user.token })).body.user.creditUnits as number;

  it.each([
    ['NUL', 'Holiday\u0000reel'],
    ['escape', 'Holiday\u001b[31mreel'],
    ['backspace', 'Holiday\u0008reel'],
  ])('a %s in a project name: 400 naming the field, nothing created (REST and tRPC)', async (_label, name) => {
    const before = await count('projects');
    const rest = await t.rest('POST', '/api/projects', { token: user.token, body: { name, type: 'VIDEO' } });
    expect(rest.status, JSON.stringify(rest.body)).toBe(400);
    expect(rest.body.error.code).toBe('VALIDATION');
    expect(rest.body.error.fields).toEqual([{ path: 'name', message: expect.stringMatching(/^name contains a control character \(U\+00/) }]);
    const trpc = await t.rest('POST', '/trpc/projects.create', { token: user.token, body: { name, type: 'VIDEO' } });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.data.fields).toEqual([expect.objectContaining({ path: 'name' })]);
    expect(await count('projects')).toBe(before);
  });

  it('a NUL in a prompt: 400 naming the field, no generation, nothing charged', async () => {
    const [generations, units] = [await count('generations'), await balance()];
    const res = await t.rest('POST', '/api/generation/generate', {
      token: user.token,
      body: { prompt: 'a lighthouse\u0000 at dusk', type: 'image', model: 'local/image' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['prompt']);
    // Nested fields and query strings are covered by the same check.
    const nested = await t.rest('POST', '/api/chat/conversations', { token: user.token, body: { title: 'ok', aiModels: ['local/text\u0000'] } });
    expect(nested.status).toBe(400);
    expect(nested.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['aiModels.0']);
    const query = await t.rest('GET', '/api/generation/history?limit=5&offset=0&search=a%00b', { token: user.token });
    expect(query.status).toBe(400);
    expect([await count('generations'), await balance()]).toEqual([generations, units]);
  });

  it('tab and newline stay allowed in multi-line text', async () => {
    const res = await t.rest('POST', '/api/projects', {
      token: user.token,
      body: { name: 'Line checks', type: 'TEXT', description: 'First line\nSecond line\twith a tab\r\nThird' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('forged media links', () => {
  it('a link signed with the once-public default secret does not verify (no AUTH_SECRET set here either)', async () => {
    expect(t.env.auth.secretSource).toBe('ephemeral');
    const png = await import('sharp').then(({ default: sharp }) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
        .png()
        .toBuffer(),
    );
    const up = await t.rest('POST', '/api/profile/avatar', { token: user.token, body: { image: `data:image/png;base64,${png.toString('base64')}` } });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const real = new URL(up.body.avatarUrl as string, 'http://localhost');
    expect((await t.app.inject({ method: 'GET', url: `${real.pathname}${real.search}` })).statusCode).toBe(200);
    // What the probe did: sign the same key with the old public default, valid until 2100.
    const key = real.pathname.replace(/^\/media\//, '');
    const { createHmac } = await import('node:crypto');
    const exp = 4_102_444_800;
    const sig = createHmac('sha256', 'atelier-development-secret-change-me-in-production-0123456789')
      .update(`media:${key}:${exp}`)
      .digest('base64url');
    const forged = await t.app.inject({ method: 'GET', url: `${real.pathname}?exp=${exp}&sig=${sig}` });
    expect(forged.statusCode).toBe(403);
  });
});

describe('denied subscriptions', () => {
  it('another user’s generation, export or conversation: NOT_FOUND over SSE, logged at info, never 500', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({}, { logLines: lines });
    try {
      const owner = await logged.signUp();
      const other = await logged.signUp();
      const generation = await logged.rest('POST', '/api/generation/generate', {
        token: owner.token,
        body: { prompt: 'a quiet harbour', type: 'text', model: 'local/text-brief' },
      });
      expect(generation.status, JSON.stringify(generation.body)).toBe(200);
      const conversation = await logged.rest('POST', '/api/chat/conversations', {
        token: owner.token,
        body: { title: 'Mine', aiModels: ['local/text-brief'] },
      });
      expect(conversation.status, JSON.stringify(conversation.body)).toBe(200);
      const subscribe = (path: string, input: unknown) =>
        logged.app.inject({
          method: 'GET',
          url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers: { authorization: `Bearer ${other.token}`, accept: 'text/event-stream' },
        });
      const attempts: [string, unknown][] = [
        ['generation.onStatus', { id: generation.body.generation.id }],
        ['projects.onExport', { id: '6f1c2a52-8a7e-4b61-9d0e-3c8f2b9a1d47' }],
        ['chat.stream', { conversationId: conversation.body.id }],
      ];
      for (const [path, input] of attempts) {
        const res = await subscribe(path, input);
        const errorEvent = /event: serialized-error\ndata: (.*)\n/.exec(res.body);
        const shape = JSON.parse(errorEvent?.[1] ?? 'null') ?? JSON.parse(res.body).error;
        expect(shape?.data, `${path}: ${res.body}`).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, appCode: 'NOT_FOUND' });
        expect(JSON.stringify(shape)).not.toContain('stack');
      }
      const parsed = lines.map((l) => JSON.parse(l) as { level: number; msg: string; path?: string });
      expect(parsed.filter((l) => l.level >= 50)).toEqual([]);
      expect(parsed.filter((l) => l.msg === 'subscription refused').map((l) => l.path)).toEqual(
        expect.arrayContaining(['generation.onStatus', 'projects.onExport']),
      );
    } finally {
      await logged.close();
    }
  });
});
