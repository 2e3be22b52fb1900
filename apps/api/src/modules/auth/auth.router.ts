import { z } from 'zod';
import { authEndpointProcedure, authedProcedure, router } from '../../trpc';
import { ZAuthResponse, ZCredentials, ZRefreshResponse, ZRegister, ZUser } from './auth.schema';
import * as auth from './auth.service';

const tags = ['Auth'];

export const authRouter = router({
  register: authEndpointProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/register', tags, summary: 'Create an account' } })
    .input(ZRegister)
    .output(ZAuthResponse)
    .mutation(({ ctx, input }) => auth.register(ctx, input)),
  login: authEndpointProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login', tags, summary: 'Sign in' } })
    .input(ZCredentials)
    .output(ZAuthResponse)
    .mutation(({ ctx, input }) => auth.login(ctx, input)),
  refresh: authEndpointProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/refresh', tags, summary: 'Rotate the refresh cookie; returns a new access token' } })
    .input(z.object({}).strict().optional())
    .output(ZRefreshResponse)
    .mutation(({ ctx }) => auth.refresh(ctx)),
  logout: authEndpointProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/logout', tags, summary: 'End the session' } })
    .input(z.object({}).strict().optional())
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx }) => auth.logout(ctx)),
  me: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/me', tags, summary: 'The signed-in user' } })
    .input(z.void())
    .output(z.object({ user: ZUser }))
    .query(({ ctx }) => auth.me(ctx)),
});
