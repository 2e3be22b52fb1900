import { type Kysely, sql } from 'kysely';

/**
 * First-party analytics (issue 14): the events the web app sends to `POST /analytics/fox/boom` when the
 * web-analytics provider is unavailable (or not configured). Frozen in time: no imports of app code.
 * - client_id: the browser's analytics id; user_id: attached when the request carried a valid bearer.
 * - occurred_at / timestamp_micros: when the browser saw the event; received_at: when we stored it.
 * - params, page, campaign: the sanitised event parameters, the page it happened on, the visit's campaign.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE analytics_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_name text NOT NULL CHECK (event_name ~ '^[a-z][a-z0-9_]{0,63}$'),
      client_id text NOT NULL CHECK (length(client_id) BETWEEN 1 AND 128),
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      params jsonb NOT NULL DEFAULT '{}'::jsonb,
      page jsonb,
      campaign jsonb,
      timestamp_micros bigint NOT NULL,
      occurred_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX analytics_events_name_time_idx ON analytics_events(event_name, occurred_at DESC)`.execute(db);
  await sql`CREATE INDEX analytics_events_user_time_idx ON analytics_events(user_id, occurred_at DESC) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX analytics_events_client_time_idx ON analytics_events(client_id, occurred_at DESC)`.execute(db);
  await sql`CREATE INDEX analytics_events_received_idx ON analytics_events(received_at)`.execute(db);
}
