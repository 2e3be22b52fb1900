import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RegisterScreen } from '../../features/auth/LoginScreen';

/** `?redirect=/somewhere` — where to go after logging in (only same-app paths are followed). */
const searchSchema = z.object({ redirect: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/_auth/register')({
  validateSearch: searchSchema,
  component: RegisterScreen,
});
