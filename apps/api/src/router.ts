import { adminRouter } from './modules/admin/admin.router';
import { apiKeysRouter } from './modules/api-keys/api-keys.router';
import { authRouter } from './modules/auth/auth.router';
import { chatRouter } from './modules/chat/chat.router';
import { collaborationRouter, shareRouter } from './modules/collaboration/collaboration.router';
import { creditsRouter } from './modules/credits/credits.router';
import { generationRouter } from './modules/generation/generation.router';
import { imageEditorRouter } from './modules/image-editor/image-editor.router';
import { paymentsRouter } from './modules/payments/payments.router';
import { projectsRouter } from './modules/projects/projects.router';
import { seoRouter } from './modules/seo/seo.router';
import { soundEditorRouter } from './modules/sound-editor/sound-editor.router';
import { studiosRouter } from './modules/studios/studios.router';
import { styleTransferRouter } from './modules/studios/style-transfer.router';
import { systemRouter } from './modules/system/system.router';
import { webhooksRouter } from './modules/webhooks/webhooks.router';
import { analyticsRouter } from './modules/workspace/analytics.router';
import { brandKitRouter } from './modules/workspace/brand-kit.router';
import { profileRouter } from './modules/workspace/profile.router';
import { promptsRouter } from './modules/workspace/prompts.router';
import { router } from './trpc';

/** The root router. The web imports only its type: `import type { AppRouter } from '@atelier/api/router'`. */
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  credits: creditsRouter,
  payments: paymentsRouter,
  generation: generationRouter,
  chat: chatRouter,
  projects: projectsRouter,
  soundEditor: soundEditorRouter,
  imageEditor: imageEditorRouter,
  admin: adminRouter,
  studios: studiosRouter,
  styleTransfer: styleTransferRouter,
  prompts: promptsRouter,
  brandKit: brandKitRouter,
  profile: profileRouter,
  analytics: analyticsRouter,
  seo: seoRouter,
  collaboration: collaborationRouter,
  share: shareRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
