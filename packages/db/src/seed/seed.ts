import { CATALOGUE, CREDIT_PACKAGES, creditsToUnits, DEMO } from '@atelier/shared';
import type { Db } from '../client';
import { seedDemoCollaboration } from './demo-collaboration';
import { seedDemoGenerations } from './demo-generations';
import { seedDemoHistory } from './demo-history';
import { seedDemoImageEditor } from './demo-image-editor';
import { seedDemoSeo } from './demo-seo';
import { seedDemoSoundEditor } from './demo-sound-editor';
import { seedDemoStudios } from './demo-studios';
import { seedDemoWebhooks } from './demo-webhooks';

export const DEMO_USER_ID = '00000000-0000-4000-8000-00000000d3e0';
export const DEMO_EMAIL = 'demo@atelier.local';

const demoId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const DEMO_IDS = {
  videoProject: demoId(0x101),
  imageProject: demoId(0x102),
  textProject: demoId(0x103),
  conversation: demoId(0x201),
};

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  hashPassword: (password: string) => Promise<string>;
}

/** Idempotent: safe to run on every start. */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await seedCatalogue(db);
  await seedCreditPackages(db);
  await seedAdmin(db, options);
  await seedDemoWorkspace(db);
  await seedDemoGenerations(db);
  await seedDemoImageEditor(db);
  await seedDemoSoundEditor(db);
  await seedDemoCollaboration(db);
  await seedDemoStudios(db);
  await seedDemoSeo(db);
  await seedDemoWebhooks(db);
  // Last: it dates and pays for everything above.
  await seedDemoHistory(db);
}

async function seedCatalogue(db: Db) {
  let sort = 0;
  for (const m of CATALOGUE) {
    sort += 1;
    await db
      .insertInto('ai_models')
      .values({
        id: m.id,
        provider: m.provider,
        name: m.name,
        type: m.type,
        category: m.category ?? null,
        description: m.description,
        requirements: JSON.stringify(m.requirements),
        pricing: JSON.stringify([{ tier: 'standard', credits: m.credits, creditCost: creditsToUnits(m.credits), isDefault: true }]),
        credit_units: creditsToUnits(m.credits),
        provider_cost_usd: m.providerCostUsd,
        is_default: m.isDefault ?? false,
        is_local: m.isLocal ?? false,
        sort,
      })
      // Prices and switches belong to admins once seeded; only descriptive fields follow the code.
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          requirements: eb.ref('excluded.requirements'),
          type: eb.ref('excluded.type'),
          category: eb.ref('excluded.category'),
          is_local: eb.ref('excluded.is_local'),
        })),
      )
      .execute();
  }
}

async function seedCreditPackages(db: Db) {
  for (const p of CREDIT_PACKAGES) {
    await db
      .insertInto('credit_packages')
      .values({ id: p.id, name: p.name, credits: p.credits, price_cents: p.priceCents, currency: p.currency, sort: p.sort })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

async function seedAdmin(db: Db, options: SeedOptions) {
  const email = options.adminEmail.trim().toLowerCase();
  const existing = await db.selectFrom('users').select(['id', 'is_admin', 'email_verified_at']).where('email', '=', email).executeTakeFirst();
  if (existing) {
    if (!existing.is_admin) await db.updateTable('users').set({ is_admin: true }).where('id', '=', existing.id).execute();
    // The operator chose this address (ADMIN_EMAIL): it counts as verified.
    if (!existing.email_verified_at) await db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', existing.id).execute();
    return;
  }
  const hash = await options.hashPassword(options.adminPassword);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({ email, password_hash: hash, is_admin: true, credit_units: creditsToUnits(1000), email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('credit_ledger')
      .values({
        user_id: user.id,
        kind: 'admin_adjustment',
        amount_units: creditsToUnits(1000),
        balance_after_units: creditsToUnits(1000),
        idempotency_key: `seed-admin:${user.id}`,
        note: 'Initial admin credits',
      })
      .execute();
  });
}

async function seedDemoWorkspace(db: Db) {
  const demoUnits = creditsToUnits(DEMO.credits);
  const inserted = await db
    .insertInto('users')
    // '!' is never a valid argon2 hash: nobody can sign in as the demo account.
    .values({ id: DEMO_USER_ID, email: DEMO_EMAIL, password_hash: '!', is_demo: true, credit_units: demoUnits })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await db
      .insertInto('credit_ledger')
      .values({
        user_id: DEMO_USER_ID,
        kind: 'signup_bonus',
        amount_units: demoUnits,
        balance_after_units: demoUnits,
        idempotency_key: 'demo:signup',
        note: 'Demo workspace credits',
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
  }

  await db
    .insertInto('projects')
    .values([
      {
        id: DEMO_IDS.videoProject,
        user_id: DEMO_USER_ID,
        name: 'Product launch teaser',
        type: 'VIDEO',
        description: 'A three-shot teaser for a product launch.',
        status: 'COMPLETED',
        global_prompt: 'Cinematic, warm light, slow camera moves',
        aspect_ratio: DEMO.canvas.aspectRatio,
        resolution: '720p',
      },
      {
        id: DEMO_IDS.imageProject,
        user_id: DEMO_USER_ID,
        name: 'Brand moodboard',
        type: 'IMAGE',
        description: 'Key visuals for the spring campaign.',
        status: 'COMPLETED',
        aspect_ratio: DEMO.canvas.aspectRatio,
        resolution: '1080p',
        settings: JSON.stringify({ width: DEMO.canvas.width, height: DEMO.canvas.height }),
      },
      {
        id: DEMO_IDS.textProject,
        user_id: DEMO_USER_ID,
        name: 'Company blog',
        type: 'TEXT',
        description: 'SEO articles for the company blog.',
        status: 'COMPLETED',
        settings: JSON.stringify({
          wordsPerArticle: DEMO.seo.wordsPerArticle,
          articleFormat: DEMO.seo.articleFormat,
          publishSchedule: DEMO.seo.publishSchedule,
        }),
      },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  const clipSeconds = DEMO.clipDurationMs / 1000;
  const clips = ['Sunrise over a quiet city skyline', 'Close-up of the product on a wooden desk', 'The logo fades in over a soft gradient'];
  await db
    .insertInto('video_clips')
    .values(
      clips.map((prompt, i) => ({
        id: demoId(0x301 + i),
        project_id: DEMO_IDS.videoProject,
        position: i,
        prompt,
        duration: clipSeconds,
        status: 'DRAFT',
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  const segments = ['Hero visual', 'Product detail', 'Lifestyle scene'];
  await db
    .insertInto('segments')
    .values(
      segments.map((name, i) => ({
        id: demoId(0x401 + i),
        project_id: DEMO_IDS.imageProject,
        name,
        prompt: `${name} for a spring campaign, soft pastel palette`,
        type: 'IMAGE' as const,
        order: i,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  await db
    .insertInto('chat_conversations')
    .values({ id: DEMO_IDS.conversation, user_id: DEMO_USER_ID, title: 'Tagline ideas', type: 'SINGLE', ai_models: JSON.stringify(['local/text']) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const hasMessages = await db.selectFrom('chat_messages').select('id').where('conversation_id', '=', DEMO_IDS.conversation).executeTakeFirst();
  if (!hasMessages) {
    await db
      .insertInto('chat_messages')
      .values([
        {
          conversation_id: DEMO_IDS.conversation,
          role: 'user',
          content: 'Give me three taglines for a reusable coffee cup.',
          created_at: new Date(Date.now() - 120_000),
        },
        {
          conversation_id: DEMO_IDS.conversation,
          role: 'assistant',
          model_id: 'local/text',
          content: '1. **Sip, refill, repeat.**\n2. **Your coffee, zero waste.**\n3. **The last cup you will ever need.**',
        },
      ])
      .execute();
  }

  const gens = [
    {
      n: 0x501,
      type: 'text' as const,
      prompt: 'Three taglines for a reusable coffee cup',
      model: 'local/text',
      text: '1. Sip, refill, repeat.\n2. Your coffee, zero waste.\n3. The last cup you will ever need.',
    },
    {
      n: 0x502,
      type: 'text' as const,
      prompt: 'Outline a blog post about morning routines',
      model: 'local/text',
      text: '# Morning routines\n\n## Why they matter\n## Five small habits\n## Making it stick',
    },
  ];
  await db
    .insertInto('generations')
    .values(
      gens.map((g) => ({
        id: demoId(g.n),
        user_id: DEMO_USER_ID,
        type: g.type,
        prompt: g.prompt,
        model_id: g.model,
        provider: 'local',
        status: 'COMPLETED' as const,
        progress: 100,
        output_text: g.text,
        credit_units_charged: creditsToUnits(DEMO.costImageOrSegment),
        completed_at: new Date(),
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
