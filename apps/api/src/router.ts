import { authRouter } from './modules/auth/auth.router';
import { systemRouter } from './modules/system/system.router';
import { router } from './trpc';

/** The root router. The web imports only its type: `import type { AppRouter } from '@atelier/api/router'`. */
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
