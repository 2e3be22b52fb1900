import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const pngDataUrl = async (color = '#ff0000') =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
const mediaKeyOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').pathname.replace(/^\/media\//, ''));

describe('prompt library', () => {
  it('saves prompts and filters them by category (case-insensitive), type, search and favourite', async () => {
    const u = await t.signUp();
    const save = (body: Record<string, unknown>) => t.rest('POST', '/api/prompts', { token: u.token, body });
    expect(
      (await save({ title: 'Sunset', text: 'a sunset over the sea', type: 'image', category: 'Landscapes', tags: ['warm', 'Warm', 'sea'] })).status,
    ).toBe(200);
    await save({ title: 'Forest', text: 'a misty forest', type: 'image', category: 'landscapes', favourite: true });
    await save({ title: 'Tagline', text: 'write a tagline for a bakery', type: 'text', category: 'Copy' });
    const other = await t.signUp();
    await t.rest('POST', '/api/prompts', { token: other.token, body: { title: 'Not yours', text: 'x', type: 'image', category: 'Landscapes' } });

    const all = await t.rest('GET', '/api/prompts', { token: u.token });
    expect(all.status).toBe(200);
    expect(all.body.prompts.map((p: { title: string }) => p.title)).toEqual(['Forest', 'Tagline', 'Sunset']);
    expect(all.body.categories).toEqual([
      { name: 'Copy', count: 1 },
      { name: 'Landscapes', count: 2 },
    ]);
    expect(all.body.prompts.find((p: { title: string }) => p.title === 'Sunset').tags).toEqual(['warm', 'sea']);

    const landscapes = await t.rest('GET', '/api/prompts?category=LANDSCAPES', { token: u.token });
    expect(landscapes.body.prompts.map((p: { title: string }) => p.title).sort()).toEqual(['Forest', 'Sunset']);
    const copy = await t.rest('GET', '/api/prompts?category=Copy', { token: u.token });
    expect(copy.body.prompts.map((p: { title: string }) => p.title)).toEqual(['Tagline']);
    expect((await t.rest('GET', '/api/prompts?search=misty', { token: u.token })).body.total).toBe(1);
    expect((await t.rest('GET', '/api/prompts?favourite=true', { token: u.token })).body.prompts[0].title).toBe('Forest');
    expect((await t.rest('GET', '/api/prompts?type=text', { token: u.token })).body.total).toBe(1);
  });

  it('updates and deletes only your own prompts; guests cannot save', async () => {
    const u = await t.signUp();
    const created = (await t.rest('POST', '/api/prompts', { token: u.token, body: { title: 'A', text: 'a', type: 'video' } })).body.prompt;
    expect(created.category).toBe('General');
    const upd = await t.rest('PUT', `/api/prompts/${created.id}`, { token: u.token, body: { favourite: true, title: 'B' } });
    expect(upd.status).toBe(200);
    expect([upd.body.prompt.title, upd.body.prompt.favourite, upd.body.prompt.text]).toEqual(['B', true, 'a']);
    const intruder = await t.signUp();
    expect((await t.rest('PUT', `/api/prompts/${created.id}`, { token: intruder.token, body: { title: 'X' } })).status).toBe(404);
    expect((await t.rest('DELETE', `/api/prompts/${created.id}`, { token: intruder.token })).status).toBe(404);
    expect((await t.rest('DELETE', `/api/prompts/${created.id}`, { token: u.token })).status).toBe(200);
    expect((await t.rest('GET', '/api/prompts', { token: u.token })).body.total).toBe(0);
    const guest = await t.rest('POST', '/api/prompts', { body: { title: 'A', text: 'a', type: 'image' } });
    expect(guest.status).toBe(401);
    expect(guest.body.error.message).toBe('Please login to perform this action');
    expect((await t.rest('POST', '/api/prompts', { token: u.token, body: { title: '', text: 'a', type: 'gif' } })).status).toBe(400);
  });
});

describe('brand kit', () => {
  it('saves the kit with a sniffed logo; the brand text appears in the stored effective prompt when applied', async () => {
    const u = await t.signUp();
    expect((await t.rest('GET', '/api/brand-kit', { token: u.token })).body.brandKit).toBeNull();
    const fake = await t.rest('PUT', '/api/brand-kit', {
      token: u.token,
      body: { brandName: 'Acme', logo: `data:image/png;base64,${Buffer.from('<svg>not an image</svg>').toString('base64')}` },
    });
    expect(fake.status).toBe(415);
    const put = await t.rest('PUT', '/api/brand-kit', {
      token: u.token,
      body: {
        brandName: 'Acme Bakery',
        logo: await pngDataUrl(),
        colors: [{ name: 'Crust', hex: '#c08040' }],
        fonts: ['Inter'],
        toneOfVoice: 'Warm and playful',
        audience: 'Families who love bread',
        wordsToUse: ['fresh', 'artisan'],
        wordsToAvoid: ['cheap'],
      },
    });
    expect(put.status).toBe(200);
    const kit = put.body.brandKit;
    expect(kit.colors).toEqual([{ name: 'Crust', hex: '#C08040' }]);
    expect(kit.logoUrl).toMatch(/^\/media\/uploads\//);
    expect((await t.app.inject({ method: 'GET', url: kit.logoUrl })).headers['content-type']).toBe('image/png');
    expect(kit.promptClause).toContain('Acme Bakery');

    const gen = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'a loaf of bread on a table', type: 'text', model: 'local/text', applyBrandKit: true },
    });
    expect(gen.status).toBe(200);
    const row = await t.deps.db
      .selectFrom('generations')
      .select(['prompt', 'effective_prompt'])
      .where('id', '=', gen.body.generation.id)
      .executeTakeFirstOrThrow();
    expect(row.prompt).toBe('a loaf of bread on a table');
    expect(row.effective_prompt).toContain('a loaf of bread on a table');
    for (const text of ['Acme Bakery', '#C08040', 'Inter', 'Warm and playful', 'Families who love bread', 'fresh, artisan', 'cheap']) {
      expect(row.effective_prompt).toContain(text);
    }
    expect(gen.body.generation.effectivePrompt).toBe(row.effective_prompt);

    // Without the switch nothing is added; without a kit the switch is a clear 400.
    const plain = await t.rest('POST', '/api/generation/generate', { token: u.token, body: { prompt: 'plain', type: 'text', model: 'local/text' } });
    expect(plain.body.generation.effectivePrompt).toBeNull();
    const noKit = await t.signUp();
    const refused = await t.rest('POST', '/api/generation/generate', {
      token: noKit.token,
      body: { prompt: 'x', type: 'text', model: 'local/text', applyBrandKit: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/brand kit/i);
  });
});

describe('profile', () => {
  it('records the account’s first dashboard visit once, whichever session or browser asks', async () => {
    const u = await t.signUp();
    // Five tabs of a brand-new account at once: exactly one is the first visit.
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.rest('POST', '/api/profile/visit', { token: u.token })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.firstVisit === true)).toHaveLength(1);
    // Another device (a new session) is a returning visit.
    const elsewhere = await t.login(u.email, 'correct horse battery');
    expect((await t.rest('POST', '/api/profile/visit', { token: elsewhere.token })).body).toEqual({ firstVisit: false });
    expect((await t.rest('POST', '/api/profile/visit')).status).toBe(401);
  });

  it('shows e-mail, balance and member since', async () => {
    const u = await t.signUp();
    const res = await t.rest('GET', '/api/profile', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: u.email, credits: 50, avatarUrl: null, counts: { projects: 0, generations: 0, prompts: 0 } });
    expect((await t.rest('GET', '/api/profile')).status).toBe(401);
  });

  it('changing the password needs the current one and revokes every other session', async () => {
    const u = await t.signUp(undefined, 'first password 1');
    const other = await t.login(u.email, 'first password 1');
    const wrong = await t.rest('POST', '/api/profile/password', {
      token: u.token,
      body: { currentPassword: 'nope', newPassword: 'second password 2' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Current password is incorrect');
    const ok = await t.rest('POST', '/api/profile/password', {
      token: u.token,
      body: { currentPassword: 'first password 1', newPassword: 'second password 2' },
    });
    expect(ok.status).toBe(200);
    expect((await t.rest('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
    expect((await t.rest('GET', '/api/auth/me', { token: other.token })).status).toBe(401);
    const refreshOther = await t.rest('POST', '/api/auth/refresh', {
      cookies: { atelier_refresh: other.refresh },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(refreshOther.body.accessToken ?? null).toBeNull();
    expect((await t.rest('POST', '/api/auth/login', { body: { email: u.email, password: 'first password 1' } })).status).toBe(401);
    expect((await t.login(u.email, 'second password 2')).token).toBeTruthy();
  });

  it('uploads a profile picture (sniffed) and exports the data as JSON', async () => {
    const u = await t.signUp();
    expect((await t.rest('POST', '/api/profile/avatar', { token: u.token, body: { image: 'data:image/png;base64,aGVsbG8=' } })).status).toBe(415);
    const up = await t.rest('POST', '/api/profile/avatar', { token: u.token, body: { image: await pngDataUrl('#00ff00') } });
    expect(up.status).toBe(200);
    expect((await t.rest('GET', '/api/profile', { token: u.token })).body.avatarUrl).toMatch(/^\/media\/uploads\//);
    await t.rest('POST', '/api/prompts', { token: u.token, body: { title: 'Keep', text: 'keep me', type: 'image' } });
    await t.rest('POST', '/api/generation/generate', { token: u.token, body: { prompt: 'export me', type: 'text', model: 'local/text' } });
    const ex = await t.rest('GET', '/api/profile/export', { token: u.token });
    expect(ex.status).toBe(200);
    expect(ex.body.account.email).toBe(u.email);
    expect(ex.body.generations.map((g: { prompt: string }) => g.prompt)).toEqual(['export me']);
    expect(ex.body.ledger.map((l: { kind: string }) => l.kind)).toEqual(['signup_bonus', 'spend']);
    expect(ex.body.prompts[0].title).toBe('Keep');
    expect(JSON.stringify(ex.body)).not.toMatch(/password/i);
  });

  it('deleting the account needs the typed e-mail and removes personal data and media', async () => {
    const u = await t.signUp();
    const avatar = (await t.rest('POST', '/api/profile/avatar', { token: u.token, body: { image: await pngDataUrl() } })).body.avatarUrl as string;
    const avatarFile = path.join(t.env.media.dir, mediaKeyOf(avatar));
    expect(existsSync(avatarFile)).toBe(true);
    await t.rest('POST', '/api/prompts', { token: u.token, body: { title: 'P', text: 'p', type: 'image' } });
    await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'Mine', type: 'IMAGE' } });
    await t.rest('POST', '/api/generation/generate', { token: u.token, body: { prompt: 'bye', type: 'text', model: 'local/text' } });
    // A file no row points at any more (e.g. a replaced upload) goes too.
    const stray = path.join(t.env.media.dir, 'uploads', u.userId, 'stray-sample.wav');
    mkdirSync(path.dirname(stray), { recursive: true });
    writeFileSync(stray, 'RIFF');
    const wrong = await t.rest('POST', '/api/profile/delete', { token: u.token, body: { confirmEmail: 'someone@else.com' } });
    expect(wrong.status).toBe(400);
    const del = await t.rest('POST', '/api/profile/delete', { token: u.token, body: { confirmEmail: u.email.toUpperCase() } });
    expect(del.status).toBe(200);
    expect(del.body.mediaRemoved).toBeGreaterThanOrEqual(1);
    expect(existsSync(avatarFile)).toBe(false);
    expect(existsSync(stray)).toBe(false);
    for (const table of ['projects', 'generations', 'credit_ledger', 'prompts', 'auth_sessions'] as const) {
      const n = await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', u.userId)
        .executeTakeFirstOrThrow();
      expect(Number(n.n), table).toBe(0);
    }
    expect(await t.deps.db.selectFrom('users').select('id').where('id', '=', u.userId).executeTakeFirst()).toBeUndefined();
    expect((await t.rest('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    expect((await t.rest('POST', '/api/auth/login', { body: { email: u.email, password: 'correct horse battery' } })).status).toBe(401);
  });
});

describe('analytics', () => {
  it('figures equal hand-computed values on a seeded dataset', async () => {
    const u = await t.signUp();
    const db = t.deps.db;
    const DAY = 86_400_000;
    const today = Math.floor(Date.now() / DAY) * DAY;
    const at = (daysAgo: number, seconds = 0) => new Date(today - daysAgo * DAY + 3600_000 + seconds * 1000);
    // [type, model, status, days ago, seconds it took, credit units charged, refunded]
    const seed: [string, string, string, number, number, number, number][] = [
      ['image', 'local/image', 'COMPLETED', 0, 4, 100, 0],
      ['image', 'local/image', 'COMPLETED', 1, 6, 100, 0],
      ['image', 'local/image', 'FAILED', 1, 0, 100, 100],
      ['text', 'local/text', 'COMPLETED', 2, 2, 100, 0],
      ['audio', 'local/speech', 'COMPLETED', 5, 8, 200, 0],
      ['video', 'local/video', 'COMPLETED', 20, 30, 500, 0], // outside 7d, inside 30d
      ['text', 'local/text', 'COMPLETED', 60, 10, 100, 0], // only in 90d
    ];
    let n = 0;
    for (const [type, model, status, daysAgo, secs, charged, refunded] of seed) {
      n += 1;
      const g = await db
        .insertInto('generations')
        .values({
          user_id: u.userId,
          type: type as 'image',
          prompt: `seeded ${n}`,
          model_id: model,
          provider: 'local',
          status: status as 'COMPLETED',
          credit_units_charged: charged,
          credit_units_refunded: refunded,
          created_at: at(daysAgo),
          completed_at: status === 'COMPLETED' ? at(daysAgo, secs) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('credit_ledger')
        .values({
          user_id: u.userId,
          kind: 'spend',
          amount_units: -charged,
          balance_after_units: 0,
          reference_type: 'generation',
          reference_id: g.id,
          idempotency_key: `seed-spend-${g.id}`,
          created_at: at(daysAgo),
        })
        .execute();
      if (refunded) {
        await db
          .insertInto('credit_ledger')
          .values({
            user_id: u.userId,
            kind: 'refund',
            amount_units: refunded,
            balance_after_units: 0,
            reference_type: 'generation',
            reference_id: g.id,
            idempotency_key: `seed-refund-${g.id}`,
            created_at: at(daysAgo, 1),
          })
          .execute();
      }
    }
    // A chat message spend (2.5 credits) yesterday, and a project created 3 days ago and one 40 days ago.
    await db
      .insertInto('credit_ledger')
      .values({
        user_id: u.userId,
        kind: 'spend',
        amount_units: -250,
        balance_after_units: 0,
        reference_type: 'chat_message',
        reference_id: 'm1',
        idempotency_key: 'seed-chat',
        created_at: at(1),
      })
      .execute();
    await db
      .insertInto('projects')
      .values([
        { user_id: u.userId, name: 'Recent', type: 'IMAGE', created_at: at(3) },
        { user_id: u.userId, name: 'Old', type: 'VIDEO', created_at: at(40) },
      ])
      .execute();

    const week = (await t.rest('GET', '/api/analytics?period=7d', { token: u.token })).body;
    // 7d: generations 1–5. Credits: 1 + 1 + (1 − 1) + 1 + 2 + chat 2.5 = 7.5. Avg time over completed: (4+6+2+8)/4 = 5 s.
    expect(week.overview).toEqual({ totalGenerations: 5, creditsUsed: 7.5, projectsCreated: 1, avgGenerationTime: 5 });
    expect(week.generationsByType).toEqual([
      { type: 'image', count: 3 },
      { type: 'video', count: 0 },
      { type: 'text', count: 1 },
      { type: 'audio', count: 1 },
    ]);
    expect(week.creditUsage).toHaveLength(7);
    const iso = (daysAgo: number) => new Date(today - daysAgo * DAY).toISOString().slice(0, 10);
    const usage = Object.fromEntries(week.creditUsage.map((d: { date: string; credits: number }) => [d.date, d.credits]));
    expect(usage).toEqual({ [iso(6)]: 0, [iso(5)]: 2, [iso(4)]: 0, [iso(3)]: 0, [iso(2)]: 1, [iso(1)]: 3.5, [iso(0)]: 1 });
    expect(week.popularModels[0]).toMatchObject({ id: 'local/image', uses: 3, type: 'image' });
    expect(week.popularModels).toHaveLength(3);

    const month = (await t.rest('GET', '/api/analytics?period=30d', { token: u.token })).body;
    // + the video: 6 generations, 12.5 credits, avg (4+6+2+8+30)/5 = 10 s.
    expect(month.overview).toEqual({ totalGenerations: 6, creditsUsed: 12.5, projectsCreated: 1, avgGenerationTime: 10 });
    const quarter = (await t.rest('GET', '/api/analytics?period=90d', { token: u.token })).body;
    expect(quarter.overview).toEqual({ totalGenerations: 7, creditsUsed: 13.5, projectsCreated: 2, avgGenerationTime: 10 });

    const stats = (await t.rest('GET', '/api/analytics/usage-stats?period=7d', { token: u.token })).body;
    expect(stats).toMatchObject({ totalGenerations: 5, completed: 4, failed: 1, successRate: 0.8, creditsUsed: 7.5, activeDays: 4 });

    const perf = (await t.rest('GET', '/api/analytics/model-performance?period=7d', { token: u.token })).body.models;
    expect(perf.find((m: { id: string }) => m.id === 'local/image')).toMatchObject({
      uses: 3,
      completed: 2,
      failed: 1,
      successRate: 0.667,
      avgTime: 5,
      creditsUsed: 2,
    });

    const breakdown = (await t.rest('GET', '/api/analytics/credit-breakdown?period=7d', { token: u.token })).body;
    expect(breakdown.total).toBe(7.5);
    expect(breakdown.byType).toEqual([
      { type: 'chat', credits: 2.5 },
      { type: 'audio', credits: 2 },
      { type: 'image', credits: 2 },
      { type: 'text', credits: 1 },
    ]);
    expect(breakdown.byModel.map((m: { id: string; credits: number }) => [m.id, m.credits])).toEqual([
      ['local/image', 2],
      ['local/speech', 2],
      ['local/text', 1],
    ]);

    const trend = (await t.rest('GET', '/api/analytics/usage-trend?period=7d', { token: u.token })).body.days;
    expect(trend.find((d: { date: string }) => d.date === iso(1))).toEqual({
      date: iso(1),
      image: 2,
      video: 0,
      text: 0,
      audio: 0,
      total: 2,
      credits: 3.5,
    });

    const recs = (await t.rest('GET', '/api/analytics/recommendations?period=7d', { token: u.token })).body.recommendations;
    expect(recs.map((r: { kind: string }) => r.kind)).toContain('brand_kit');

    // A new user sees zeros and a get-started suggestion; another user's data never leaks in.
    const fresh = await t.signUp();
    const empty = (await t.rest('GET', '/api/analytics?period=30d', { token: fresh.token })).body;
    expect(empty.overview).toEqual({ totalGenerations: 0, creditsUsed: 0, projectsCreated: 0, avgGenerationTime: null });
    expect((await t.rest('GET', '/api/analytics/recommendations', { token: fresh.token })).body.recommendations[0].kind).toBe('get_started');
    expect((await t.rest('GET', '/api/analytics?period=1y', { token: fresh.token })).status).toBe(400);
  });
});
