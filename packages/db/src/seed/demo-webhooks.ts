import type { Db } from '../client';

/**
 * The guest demo of Profile → Webhooks (issue 24): one read-only endpoint (`is_demo`: it is never
 * sent to, and the api refuses writes to it) with a short delivery log — a test event, and the
 * demo taglines generation's generation.completed, delivered on the second attempt after a 503.
 */
const DEMO_USER_ID = '00000000-0000-4000-8000-00000000d3e0';
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const DEMO_TAGLINES_GENERATION = id(0x501);

export const DEMO_WEBHOOK = { endpointId: id(0x801), testDeliveryId: id(0x811), generationDeliveryId: id(0x812) };

export async function seedDemoWebhooks(db: Db): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('id', '=', DEMO_USER_ID).executeTakeFirst();
  if (!user) return;
  const exists = await db.selectFrom('webhook_endpoints').select('id').where('id', '=', DEMO_WEBHOOK.endpointId).executeTakeFirst();
  if (exists) return;
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: DEMO_WEBHOOK.endpointId,
      user_id: DEMO_USER_ID,
      url: 'https://hooks.example.com/atelier/demo',
      description: 'Demo: a render pipeline listening for finished generations',
      events: ['generation.completed', 'generation.failed', 'credits.low'],
      // Never used: demo endpoints are not sent to.
      secret: 'whsec_ZGVtby1zZWNyZXQtbmV2ZXItdXNlZC1mb3Itc2lnbmluZw==',
      credits_low_threshold_units: 1000,
      is_demo: true,
      created_at: minutesAgo(90),
    })
    .execute();
  const testBody = JSON.stringify({
    id: id(0x821),
    type: 'webhook.test',
    createdAt: minutesAgo(80).toISOString(),
    data: { message: 'A test event from Atelier: your endpoint receives and verifies webhooks.', webhookId: DEMO_WEBHOOK.endpointId },
  });
  const gen = await db
    .selectFrom('generations')
    .select(['id', 'type', 'prompt', 'status', 'model_id', 'output_text', 'created_at', 'completed_at'])
    .where('id', '=', DEMO_TAGLINES_GENERATION)
    .executeTakeFirst();
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: DEMO_WEBHOOK.testDeliveryId,
      endpoint_id: DEMO_WEBHOOK.endpointId,
      user_id: DEMO_USER_ID,
      event_id: id(0x821),
      event_type: 'webhook.test',
      payload: testBody,
      status: 'DELIVERED',
      attempts: 1,
      last_status_code: 200,
      delivered_at: minutesAgo(80),
      created_at: minutesAgo(80),
    })
    .execute();
  await db
    .insertInto('webhook_attempts')
    .values({
      delivery_id: DEMO_WEBHOOK.testDeliveryId,
      attempt: 1,
      status_code: 200,
      duration_ms: 142,
      response_body: '{"ok":true}',
      created_at: minutesAgo(80),
    })
    .execute();
  if (!gen) return;
  const genBody = JSON.stringify({
    id: id(0x822),
    type: 'generation.completed',
    createdAt: minutesAgo(60).toISOString(),
    data: {
      id: gen.id,
      type: gen.type,
      prompt: gen.prompt,
      status: gen.status,
      model: gen.model_id,
      outputText: gen.output_text,
      createdAt: new Date(gen.created_at).toISOString(),
      completedAt: gen.completed_at ? new Date(gen.completed_at).toISOString() : null,
    },
  });
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: DEMO_WEBHOOK.generationDeliveryId,
      endpoint_id: DEMO_WEBHOOK.endpointId,
      user_id: DEMO_USER_ID,
      event_id: id(0x822),
      event_type: 'generation.completed',
      object_type: 'generation',
      object_id: gen.id,
      payload: genBody,
      status: 'DELIVERED',
      attempts: 2,
      last_status_code: 200,
      delivered_at: minutesAgo(59),
      created_at: minutesAgo(60),
    })
    .execute();
  await db
    .insertInto('webhook_attempts')
    .values([
      {
        delivery_id: DEMO_WEBHOOK.generationDeliveryId,
        attempt: 1,
        status_code: 503,
        duration_ms: 2310,
        response_body: 'upstream temporarily unavailable',
        error: 'The receiver answered 503',
        created_at: minutesAgo(60),
      },
      {
        delivery_id: DEMO_WEBHOOK.generationDeliveryId,
        attempt: 2,
        status_code: 200,
        duration_ms: 188,
        response_body: '{"ok":true}',
        created_at: minutesAgo(59),
      },
    ])
    .execute();
}
