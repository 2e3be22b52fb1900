import { type Kysely, sql } from 'kysely';

/**
 * Image editor (issue 9). Frozen in time: no imports of app code. An image-editor project is a
 * projects row of type IMAGE; its canvas size (width, height, background) lives in projects.settings.
 * - image_assets: pixels a layer can show. kind 'upload' | 'edit' (a quick action's result, keeping
 *   source_asset_id so the original stays for undo) | 'generation' (pixels come from generation_id
 *   once it is COMPLETED; key stays null until then). key/thumbnail_key are media keys.
 * - image_layers: z_index orders them bottom (0) to top; shape holds kind/fill/stroke/strokeWidth/radius.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE image_assets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('upload','generation','edit')),
      key text,
      thumbnail_key text,
      mime text NOT NULL DEFAULT 'image/png',
      width integer,
      height integer,
      bytes integer,
      generation_id uuid REFERENCES generations(id) ON DELETE SET NULL,
      source_asset_id uuid REFERENCES image_assets(id) ON DELETE SET NULL,
      operation jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (key IS NOT NULL OR kind = 'generation')
    )`.execute(db);
  await sql`CREATE INDEX image_assets_project_idx ON image_assets(project_id, created_at DESC)`.execute(db);
  await sql`CREATE UNIQUE INDEX image_assets_generation_idx ON image_assets(generation_id) WHERE generation_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE image_layers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      type text NOT NULL CHECK (type IN ('IMAGE','SHAPE')),
      visible boolean NOT NULL DEFAULT true,
      opacity integer NOT NULL DEFAULT 100 CHECK (opacity BETWEEN 0 AND 100),
      blend_mode text NOT NULL DEFAULT 'normal',
      asset_id uuid REFERENCES image_assets(id) ON DELETE SET NULL,
      x double precision NOT NULL DEFAULT 0,
      y double precision NOT NULL DEFAULT 0,
      width double precision NOT NULL CHECK (width > 0),
      height double precision NOT NULL CHECK (height > 0),
      rotation double precision NOT NULL DEFAULT 0,
      z_index integer NOT NULL,
      shape jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX image_layers_project_idx ON image_layers(project_id, z_index)`.execute(db);
  await sql`CREATE INDEX image_layers_asset_idx ON image_layers(asset_id) WHERE asset_id IS NOT NULL`.execute(db);
}
