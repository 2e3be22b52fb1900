/**
 * The web app's only reader of build-time configuration (Vite's import.meta.env).
 * API calls are same-origin (the api serves the built app, and Vite proxies in dev).
 */
export const env = {
  mode: import.meta.env.MODE,
  isProduction: import.meta.env.PROD,
  trpcUrl: '/trpc',
  restBaseUrl: '/api',
} as const;
