import { type Kysely, sql } from 'kysely';

/**
 * SEO article generation (issue 10): one SEO project per TEXT project, its articles, and the
 * runs (write / regenerate) each charged once and refunded at most once. Frozen in time: no
 * imports of app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE seo_projects (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL UNIQUE REFERENCES projects(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      business_name text NOT NULL CHECK (length(business_name) BETWEEN 1 AND 120),
      business_desc text NOT NULL DEFAULT '',
      target_url text NOT NULL DEFAULT '',
      seo_keywords jsonb NOT NULL DEFAULT '[]'::jsonb,
      competitors jsonb NOT NULL DEFAULT '[]'::jsonb,
      words_per_article integer NOT NULL DEFAULT 1200 CHECK (words_per_article BETWEEN 300 AND 5000),
      article_format text NOT NULL DEFAULT 'markdown' CHECK (article_format IN ('markdown','html')),
      publish_schedule integer NOT NULL DEFAULT 7 CHECK (publish_schedule BETWEEN 1 AND 90),
      text_model text,
      analysis jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE seo_articles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seo_project_id uuid NOT NULL REFERENCES seo_projects(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      source_page_id text,
      topic text NOT NULL,
      title text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 160),
      keywords jsonb NOT NULL DEFAULT '[]'::jsonb,
      slug text NOT NULL,
      content text NOT NULL DEFAULT '',
      format text NOT NULL DEFAULT 'markdown' CHECK (format IN ('markdown','html')),
      word_count integer NOT NULL DEFAULT 0,
      ai_provider text NOT NULL,
      ai_model text NOT NULL,
      prompt_used text NOT NULL DEFAULT '',
      credit_units_used integer NOT NULL DEFAULT 0 CHECK (credit_units_used >= 0),
      status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED','GENERATING','READY','SCHEDULED','PUBLISHED','FAILED')),
      progress integer NOT NULL DEFAULT 0,
      error text,
      publish_date timestamptz,
      published_at timestamptz,
      regenerations integer NOT NULL DEFAULT 0,
      rating integer CHECK (rating BETWEEN 1 AND 5),
      images jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (seo_project_id, slug)
    )`.execute(db);
  await sql`CREATE INDEX seo_articles_project_idx ON seo_articles(seo_project_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX seo_articles_published_idx ON seo_articles(seo_project_id, published_at DESC) WHERE status = 'PUBLISHED'`.execute(db);

  await sql`
    CREATE TABLE seo_article_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      article_id uuid NOT NULL REFERENCES seo_articles(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('write','regenerate')),
      section text,
      instructions text,
      model_id text NOT NULL,
      prompt text NOT NULL DEFAULT '',
      brief jsonb NOT NULL DEFAULT '{}'::jsonb,
      credit_units_charged integer NOT NULL DEFAULT 0 CHECK (credit_units_charged >= 0),
      credit_units_refunded integer NOT NULL DEFAULT 0 CHECK (credit_units_refunded >= 0),
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','PROCESSING','COMPLETED','FAILED')),
      error text,
      idempotency_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      UNIQUE (user_id, idempotency_key)
    )`.execute(db);
  await sql`CREATE INDEX seo_article_runs_article_idx ON seo_article_runs(article_id, created_at DESC)`.execute(db);

  for (const t of ['seo_projects', 'seo_articles']) {
    await sql`CREATE TRIGGER ${sql.raw(`${t}_updated_at`)} BEFORE UPDATE ON ${sql.table(t)} FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(
      db,
    );
  }
}
