/** Exactly the spec's event names (§3 "Analytics event names") and issue 24's. `track()` accepts no other. */
export const ANALYTICS_EVENTS = [
  'image_editor_tab_viewed',
  'image_editor_image_generated',
  'image_editor_image_uploaded',
  'image_editor_quick_action',
  'generation_triggered',
  'chat_message_sent',
  'project_created',
  'seo_flow_step',
  'seo_analysis_started',
  'seo_articles_requested',
  'seo_drafts_prepared',
  'seo_article_regenerated',
  'video_clip_image_uploaded',
  'video_editor_model_selected',
  'video_editor_image_generated',
  'video_editor_video_generated',
  'user_login',
  'user_signup',
  'user_profile_uploaded',
  'checkout_started',
  'purchase_completed',
  'api_key_created',
  'api_key_revoked',
  'screen_view',
  // Issue 24: Profile → Webhooks.
  'webhook_created',
  'webhook_test_sent',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];
