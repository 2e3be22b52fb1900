import type { SeoArticleStatus } from '@atelier/shared';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, T | string, T | string>;
/** A JSON column with a database default (optional on insert). */
type JsonDefault<T = unknown> = ColumnType<T, T | string | undefined, T | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  is_admin: Generated<boolean>;
  is_demo: Generated<boolean>;
  disabled_at: Date | null;
  credit_units: Generated<number>;
  attribution: Json<Record<string, unknown> | null> | null;
  avatar_url: string | null;
  last_active_at: Date | null;
  /** The first dashboard visit (null until then): "Welcome" once, "Welcome back" after. */
  first_visit_at: Date | null;
  /** When the address was proven by a link sent to it (issue 23); null: unverified. */
  email_verified_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  refresh_hash: string;
  previous_refresh_hash: string | null;
  rotated_at: Date | null;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthRetiredRefreshTokensTable {
  token_hash: string;
  session_id: string;
  retired_at: Timestamp;
}

export type LedgerKind = 'signup_bonus' | 'purchase' | 'spend' | 'refund' | 'admin_adjustment';

export interface CreditLedgerTable {
  id: Generated<string>;
  user_id: string;
  kind: LedgerKind;
  amount_units: number;
  balance_after_units: number;
  reference_type: string | null;
  reference_id: string | null;
  idempotency_key: string;
  note: string | null;
  created_by: string | null;
  /** The API key that spent (or null: the UI, a refund, an admin). */
  api_key_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface CreditPackagesTable {
  id: string;
  name: string;
  credits: number;
  price_cents: number;
  currency: string;
  active: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTable {
  id: Generated<string>;
  user_id: string;
  package_id: string;
  stripe_session_id: string | null;
  status: Generated<'pending' | 'paid' | 'expired' | 'failed'>;
  amount_cents: number;
  currency: string;
  credits: number;
  campaign: Json<Record<string, unknown> | null> | null;
  paid_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AiModelsTable {
  id: string;
  provider: string;
  name: string;
  type: 'VIDEO' | 'IMAGE' | 'AUDIO' | 'TEXT';
  category: string | null;
  description: Generated<string>;
  requirements: JsonDefault<Record<string, unknown>>;
  pricing: JsonDefault<Record<string, unknown>[]>;
  credit_units: number;
  provider_cost_usd: Generated<number>;
  is_default: Generated<boolean>;
  enabled: Generated<boolean>;
  is_local: Generated<boolean>;
  sort: Generated<number>;
  /** Set on the model an admin chose as its output type's default (admin console). */
  default_chosen_at: Date | null;
  /** `generation`: credit_units per generation; `1k-tokens`: credit_units per 1,000 tokens (self-hosted text models). */
  price_basis: ColumnType<AiPriceBasis, AiPriceBasis | undefined, AiPriceBasis>;
  /** Set when the model left the catalogue (its ComfyUI workflow was deleted, its Ollama server no longer lists it). */
  retired_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AiPriceBasis = 'generation' | '1k-tokens';

/** A ComfyUI workflow in API format, served as the model `comfyui/<slug>` (issue 25). */
export interface ComfyWorkflowsTable {
  id: Generated<string>;
  slug: string;
  model_id: string;
  name: string;
  output_type: 'image' | 'video' | 'audio';
  workflow: Json<Record<string, unknown>>;
  /** `{ prompt: "<nodeId>.<input>", negativePrompt?, seed?, width?, height?, steps?, frames?, image? }` */
  inputs: Json<Record<string, string>>;
  output_node: string;
  /** Frames per second of the `frames` input (frames = duration × fps); null: the input takes seconds. */
  frames_per_second: ColumnType<number | null, number | null | undefined, number | null>;
  /** Bumped on every change of the workflow or its mapping; recorded on each generation's model version. */
  revision: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  type: 'VIDEO' | 'IMAGE' | 'TEXT';
  description: Generated<string>;
  status: Generated<string>;
  thumbnail_url: string | null;
  global_prompt: string | null;
  aspect_ratio: Generated<string>;
  resolution: Generated<string>;
  settings: JsonDefault<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideoClipsTable {
  id: Generated<string>;
  project_id: string;
  position: number;
  prompt: Generated<string>;
  image_url: string | null;
  video_url: string | null;
  thumbnail_url: string | null;
  duration: Generated<number>;
  start_trim: Generated<number>;
  end_trim: Generated<number>;
  status: Generated<string>;
  provider: string | null;
  model: string | null;
  generation_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SegmentsTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  prompt: Generated<string>;
  type: 'IMAGE' | 'TEXT';
  order: number;
  selected_version_id: string | null;
  metadata: JsonDefault<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SegmentVersionsTable {
  id: Generated<string>;
  segment_id: string;
  generation_id: string | null;
  output_url: string | null;
  content: string | null;
  status: Generated<string>;
  created_at: Timestamp;
}

export interface GenerationsTable {
  id: Generated<string>;
  user_id: string;
  project_id: string | null;
  type: 'image' | 'video' | 'text' | 'audio';
  prompt: string;
  effective_prompt: string | null;
  model_id: string;
  provider: string;
  model_version: string | null;
  status: Generated<'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'CANCELLED'>;
  progress: Generated<number>;
  output_url: string | null;
  thumbnail_url: string | null;
  output_text: string | null;
  error: string | null;
  params: JsonDefault<Record<string, unknown>>;
  seed: number | null;
  metadata: JsonDefault<Record<string, unknown>>;
  credit_units_charged: Generated<number>;
  credit_units_refunded: Generated<number>;
  provider_cost_usd: Generated<number>;
  provider_request_id: string | null;
  latency_ms: number | null;
  idempotency_key: string | null;
  is_admin_test: Generated<boolean>;
  /** The API key the generation was started with (null: the UI). */
  api_key_id: ColumnType<string | null, string | null | undefined, string | null>;
  started_at: Date | null;
  completed_at: Date | null;
  created_at: Timestamp;
  /** Bumped by a trigger on every UPDATE: events carry it, so a listener drops stale ones. */
  version: Generated<number>;
  updated_at: Timestamp;
}

/** SINGLE: one model answers; MULTI: several answer side by side. */
export type ChatConversationType = 'SINGLE' | 'MULTI';

export interface ChatConversationsTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  type: ColumnType<ChatConversationType, ChatConversationType | undefined, ChatConversationType>;
  ai_models: Json<string[]>;
  is_archived: Generated<boolean>;
  /** The title is a placeholder until the first message names the conversation. */
  auto_title: Generated<boolean>;
  last_message_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ChatMessageStatus = 'PENDING' | 'STREAMING' | 'COMPLETED' | 'FAILED' | 'STOPPED';

export interface ChatMessagesTable {
  id: Generated<string>;
  conversation_id: string;
  /** Stable order among rows written in one transaction. */
  seq: Generated<number>;
  role: 'user' | 'assistant';
  /** For an assistant reply: the user message it answers. */
  reply_to_id: string | null;
  content: string;
  model_id: string | null;
  status: ColumnType<ChatMessageStatus, ChatMessageStatus | undefined, ChatMessageStatus>;
  tokens_in: number | null;
  tokens_out: number | null;
  latency_ms: number | null;
  credit_units: Generated<number>;
  credit_units_refunded: Generated<number>;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Date | null;
}

export interface ExportsTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  name: Generated<string>;
  type: string;
  status: Generated<string>;
  progress: Generated<number>;
  output_url: string | null;
  error: string | null;
  /** What was asked for beyond name and type (e.g. the audio track's media key). */
  params: JsonDefault<Record<string, unknown>>;
  /** What the render produced: duration, width, height, bytes, file count. */
  metadata: JsonDefault<Record<string, unknown>>;
  started_at: Date | null;
  completed_at: Date | null;
  created_at: Timestamp;
  /** Bumped by a trigger on every UPDATE: events carry it, so a listener drops stale ones. */
  version: Generated<number>;
  updated_at: Timestamp;
}

export interface JobEventsTable {
  id: Generated<string>;
  queue: string;
  job_key: string;
  status: string;
  detail: Json<Record<string, unknown> | null> | null;
  created_at: Timestamp;
}

export type ApiKeyScope = 'read' | 'generate' | 'projects' | 'workspace';

/** A personal API key: only its SHA-256 hash and a short visible prefix are stored. */
export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  scopes: ApiKeyScope[];
  expires_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
  created_at: Timestamp;
}

export interface ApiKeyIpsTable {
  api_key_id: string;
  ip: string;
  first_seen_at: Timestamp;
}

/** The user's security log: API key created, used from a new IP, revoked. */
export interface SecurityEventsTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  ip: string | null;
  details: JsonDefault<Record<string, unknown>>;
  created_at: Timestamp;
}

/** Every change an admin makes: who, what, when, before/after. */
export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: Json<Record<string, unknown> | null> | null;
  after: Json<Record<string, unknown> | null> | null;
  created_at: Timestamp;
}

/** An admin's on/off switch per provider; no row means on. */
export interface ProviderSettingsTable {
  provider: string;
  enabled: Generated<boolean>;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface AdminModelTestsTable {
  id: Generated<string>;
  actor_id: string;
  prompt: string;
  created_at: Timestamp;
}

export interface AdminModelTestRunsTable {
  test_id: string;
  generation_id: string;
  model_id: string;
  price_units: number;
  position: number;
}

/** First-party analytics events (issue 14): what the web app sends to POST /analytics/fox/boom. */
export interface AnalyticsEventsTable {
  id: Generated<string>;
  event_name: string;
  client_id: string;
  user_id: string | null;
  params: JsonDefault<Record<string, string | number | boolean>>;
  page: Json<Record<string, unknown> | null> | null;
  campaign: Json<Record<string, unknown> | null> | null;
  timestamp_micros: number;
  occurred_at: ColumnType<Date, Date | string, Date | string>;
  received_at: Timestamp;
}

export type PromptType = 'image' | 'video' | 'text' | 'audio';

/** A saved prompt in the user's library (issue 12). */
export interface PromptsTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  text: string;
  type: PromptType;
  category: Generated<string>;
  tags: JsonDefault<string[]>;
  favourite: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** SEO project of a TEXT project (issue 10); analysis is the stored competitor analysis. */
export interface SeoProjectsTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  business_name: string;
  business_desc: Generated<string>;
  target_url: Generated<string>;
  seo_keywords: JsonDefault<string[]>;
  competitors: JsonDefault<string[]>;
  words_per_article: Generated<number>;
  article_format: ColumnType<'markdown' | 'html', 'markdown' | 'html' | undefined, 'markdown' | 'html'>;
  publish_schedule: Generated<number>;
  text_model: string | null;
  analysis: ColumnType<Record<string, unknown> | null, Record<string, unknown> | string | null | undefined, Record<string, unknown> | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type { SeoArticleStatus };

/** An SEO article (issue 10); images hold { id, generationId, role, alt, placed } entries. */
export interface SeoArticlesTable {
  id: Generated<string>;
  seo_project_id: string;
  user_id: string;
  source_page_id: string | null;
  topic: string;
  title: Generated<string>;
  description: Generated<string>;
  keywords: JsonDefault<string[]>;
  slug: string;
  content: Generated<string>;
  format: ColumnType<'markdown' | 'html', 'markdown' | 'html' | undefined, 'markdown' | 'html'>;
  word_count: Generated<number>;
  ai_provider: string;
  ai_model: string;
  prompt_used: Generated<string>;
  credit_units_used: Generated<number>;
  status: ColumnType<SeoArticleStatus, SeoArticleStatus | undefined, SeoArticleStatus>;
  progress: Generated<number>;
  error: string | null;
  publish_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  regenerations: Generated<number>;
  rating: number | null;
  images: JsonDefault<Record<string, unknown>[]>;
  created_at: Timestamp;
  /** Bumped by a trigger on every UPDATE: events carry it, so a listener drops stale ones. */
  version: Generated<number>;
  updated_at: Timestamp;
}

export type SeoRunStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

/** One charged write or regeneration of an SEO article: charged once, refunded at most once. */
export interface SeoArticleRunsTable {
  id: Generated<string>;
  article_id: string;
  user_id: string;
  kind: 'write' | 'regenerate';
  section: string | null;
  instructions: string | null;
  model_id: string;
  prompt: Generated<string>;
  brief: JsonDefault<Record<string, unknown>>;
  credit_units_charged: Generated<number>;
  credit_units_refunded: Generated<number>;
  status: ColumnType<SeoRunStatus, SeoRunStatus | undefined, SeoRunStatus>;
  error: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One brand kit per user (issue 12); logo_url is a media key. */
export interface BrandKitsTable {
  user_id: string;
  brand_name: Generated<string>;
  logo_url: string | null;
  colors: JsonDefault<{ name: string; hex: string }[]>;
  fonts: JsonDefault<string[]>;
  tone_of_voice: Generated<string>;
  audience: Generated<string>;
  words_to_use: JsonDefault<string[]>;
  words_to_avoid: JsonDefault<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A cloned voice (issue 11); settings hold the espeak-ng parameters of a local profile. */
export interface VoiceProfilesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: Generated<string>;
  provider: Generated<string>;
  provider_voice_id: string | null;
  sample_keys: JsonDefault<string[]>;
  settings: JsonDefault<Record<string, unknown>>;
  credit_units_charged: Generated<number>;
  created_at: Timestamp;
}

/** An avatar (issue 11): a normalised square portrait; image_key is a media key. */
export interface AvatarsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  type: Generated<string>;
  image_key: string;
  width: number;
  height: number;
  created_at: Timestamp;
}

/** A project member (issue 12): the owner is projects.user_id; members are viewers or editors. */
export type CollaboratorRole = 'viewer' | 'editor';
export interface ProjectCollaboratorsTable {
  project_id: string;
  user_id: string;
  role: CollaboratorRole;
  invited_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * An invitation to an e-mail address (issue 23): mailed as a single-use link (hashed token, 7 days).
 * It becomes a membership when a signed-in user accepts the link, or when an account verifies that address.
 */
export interface ProjectInvitesTable {
  id: Generated<string>;
  project_id: string;
  email: string;
  role: CollaboratorRole;
  invited_by: string | null;
  token_hash: string | null;
  expires_at: Generated<Date>;
  last_sent_at: Date | null;
  send_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Status of one outbox mail: PENDING → SENDING → SENT, or RETRYING → … → FAILED; UNSENT when no SMTP server is configured. */
export type EmailStatus = 'PENDING' | 'SENDING' | 'RETRYING' | 'SENT' | 'FAILED' | 'UNSENT';
export interface EmailLink {
  label: string;
  url: string;
}
export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** Referenced from the HTML as cid:… */
  cid: string;
  contentBase64: string;
}
/** The outbox (issue 23): every mail, written in the transaction of the change that causes it; the row is exactly what is sent. */
export interface EmailOutboxTable {
  id: Generated<string>;
  kind: string;
  user_id: string | null;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  links: JsonDefault<EmailLink[]>;
  attachments: JsonDefault<EmailAttachment[]>;
  /** Raw tokens inside the body; replaced by a marker once the mail is delivered. */
  secrets: JsonDefault<string[]>;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  last_response: string | null;
  last_error: string | null;
  message_id: string | null;
  sent_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A user's webhook endpoint (issue 24). `secret` signs (whsec_…); `previous_secret` too until it expires. */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  user_id: string;
  url: string;
  description: Generated<string>;
  events: string[];
  enabled: Generated<boolean>;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  /** credits.low fires when the balance falls below this (credit units); null: the event's default. */
  credits_low_threshold_units: number | null;
  /** The first failed attempt since the last success; 3 days of it disables the endpoint. */
  failing_since: Date | null;
  disabled_reason: string | null;
  is_demo: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type WebhookDeliveryStatus = 'PENDING' | 'SENDING' | 'RETRYING' | 'DELIVERED' | 'FAILED';
/** One event for one endpoint; its id is the `webhook-id` of every attempt. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  endpoint_id: string;
  user_id: string;
  event_id: string;
  event_type: string;
  object_type: string | null;
  object_id: string | null;
  /** Data known when the event happened (credits.low's balance, the test event's text). */
  event_data: Json<Record<string, unknown> | null> | null;
  /** The JSON body, frozen at the first attempt so every attempt and resend sends the same bytes. */
  payload: string | null;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  duration_ms: Generated<number>;
  response_body: string | null;
  error: string | null;
  created_at: Timestamp;
}

export type AuthTokenPurpose = 'verify_email' | 'password_reset' | 'email_change';
/** A single-use link token (only its SHA-256 is stored) bound to the address it was sent to. */
export interface AuthTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: AuthTokenPurpose;
  token_hash: string;
  email: string;
  expires_at: Date;
  used_at: Date | null;
  created_ip: string | null;
  created_at: Timestamp;
}

/** A device family (browser + OS + network) an account has signed in from: a new one gets a notice. */
export interface UserDevicesTable {
  user_id: string;
  device_key: string;
  label: string;
  last_ip: string | null;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

/** A public, read-only link to one generation or one export (revocable, optional expiry). */
export interface ShareLinksTable {
  id: Generated<string>;
  token: string;
  user_id: string;
  generation_id: string | null;
  export_id: string | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Timestamp;
}

/** Pixels an image-editor layer can show (issue 9); key/thumbnail_key are media keys. */
export interface ImageAssetsTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  /** upload | generation (pixels from generation_id once COMPLETED) | edit (a quick action's result). */
  kind: 'upload' | 'generation' | 'edit';
  key: string | null;
  thumbnail_key: string | null;
  mime: Generated<string>;
  width: number | null;
  height: number | null;
  bytes: number | null;
  generation_id: string | null;
  source_asset_id: string | null;
  operation: Json<Record<string, unknown> | null> | null;
  created_at: Timestamp;
}

/** A layer of an image-editor project (issue 9); z_index 0 is the bottom. */
export interface ImageLayersTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  type: 'IMAGE' | 'SHAPE';
  visible: Generated<boolean>;
  opacity: Generated<number>;
  blend_mode: Generated<string>;
  asset_id: string | null;
  x: Generated<number>;
  y: Generated<number>;
  width: number;
  height: number;
  rotation: Generated<number>;
  z_index: number;
  shape: Json<Record<string, unknown> | null> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SoundSessionsTable {
  id: Generated<string>;
  project_id: string;
  /** The editor document (tracks → clips), validated by the api's ZSoundTracks on save. */
  tracks: JsonDefault<unknown[]>;
  revision: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SoundSourcesTable {
  id: Generated<string>;
  session_id: string;
  user_id: string;
  kind: 'upload' | 'generation' | 'video' | 'export';
  origin_id: string | null;
  name: string;
  media_key: string;
  duration_seconds: number;
  peaks: JsonDefault<number[]>;
  peaks_per_second: Generated<number>;
  metadata: JsonDefault<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  auth_retired_refresh_tokens: AuthRetiredRefreshTokensTable;
  credit_ledger: CreditLedgerTable;
  credit_packages: CreditPackagesTable;
  payments: PaymentsTable;
  ai_models: AiModelsTable;
  comfy_workflows: ComfyWorkflowsTable;
  projects: ProjectsTable;
  video_clips: VideoClipsTable;
  segments: SegmentsTable;
  segment_versions: SegmentVersionsTable;
  generations: GenerationsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  exports: ExportsTable;
  job_events: JobEventsTable;
  audit_log: AuditLogTable;
  api_keys: ApiKeysTable;
  api_key_ips: ApiKeyIpsTable;
  security_events: SecurityEventsTable;
  provider_settings: ProviderSettingsTable;
  admin_model_tests: AdminModelTestsTable;
  admin_model_test_runs: AdminModelTestRunsTable;
  analytics_events: AnalyticsEventsTable;
  prompts: PromptsTable;
  brand_kits: BrandKitsTable;
  seo_projects: SeoProjectsTable;
  seo_articles: SeoArticlesTable;
  seo_article_runs: SeoArticleRunsTable;
  voice_profiles: VoiceProfilesTable;
  avatars: AvatarsTable;
  image_assets: ImageAssetsTable;
  image_layers: ImageLayersTable;
  project_collaborators: ProjectCollaboratorsTable;
  project_invites: ProjectInvitesTable;
  email_outbox: EmailOutboxTable;
  auth_tokens: AuthTokensTable;
  user_devices: UserDevicesTable;
  share_links: ShareLinksTable;
  sound_sessions: SoundSessionsTable;
  sound_sources: SoundSourcesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type GenerationRow = Selectable<GenerationsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type AiModelRow = Selectable<AiModelsTable>;
export type ComfyWorkflowRow = Selectable<ComfyWorkflowsTable>;
export type ExportRow = Selectable<ExportsTable>;
export type ChatConversationRow = Selectable<ChatConversationsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
