import { type Kysely, sql } from 'kysely';

/**
 * Your own GPU (issue 25): ComfyUI workflows an admin uploads, each served as the model
 * `comfyui/<slug>`, and the catalogue columns self-hosted models need:
 * - ai_models.price_basis: `generation` (a price per generation) or `1k-tokens` (credits per 1,000
 *   tokens, prompt and reply, as an Ollama server counts them);
 * - ai_models.retired_at: set on a model whose workflow was deleted or that its server no longer
 *   lists; it leaves the catalogue but its row stays for the history, receipts and analytics.
 * Frozen in time: no imports of app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE ai_models ADD COLUMN price_basis text NOT NULL DEFAULT 'generation' CHECK (price_basis IN ('generation','1k-tokens'))`.execute(
    db,
  );
  await sql`ALTER TABLE ai_models ADD COLUMN retired_at timestamptz`.execute(db);

  await sql`
    CREATE TABLE comfy_workflows (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 60),
      model_id text NOT NULL UNIQUE REFERENCES ai_models(id),
      name text NOT NULL,
      output_type text NOT NULL CHECK (output_type IN ('image','video','audio')),
      workflow jsonb NOT NULL,
      inputs jsonb NOT NULL,
      output_node text NOT NULL,
      frames_per_second double precision CHECK (frames_per_second IS NULL OR frames_per_second > 0),
      revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE TRIGGER comfy_workflows_updated_at BEFORE UPDATE ON comfy_workflows FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
}
