import { z } from 'zod';
import { adminProcedure, router } from '../../trpc';
import { announceAuthChange } from '../auth/auth.session-cache';
import { outboxRouter } from '../email/email.router';
import * as ai from './admin.ai.service';
import * as analytics from './admin.analytics.service';
import { writeAudit } from './admin.audit';
import { listAudit } from './admin.audit-log.service';
import * as modelTest from './admin.modeltest.service';
import { resolvePeriod } from './admin.period';
import * as pricing from './admin.pricing.service';
import { mintTicket } from './admin.queue-ticket';
import { queueAction, queueOverview } from './admin.queues.service';
import {
  ZAdjustCreditsInput,
  ZAdjustResponse,
  ZAiControl,
  ZAuditInput,
  ZAuditResponse,
  ZCreateWorkflowInput,
  ZDashboardLink,
  ZDashboardLinkInput,
  ZHealthCheck,
  ZModelTest,
  ZModelTestIdInput,
  ZModelTestInput,
  ZModelTestsInput,
  ZPeriodInput,
  ZPricing,
  ZProviderInput,
  ZQueueActionInput,
  ZQueueActionResponse,
  ZQueuesResponse,
  ZSetAdminInput,
  ZSetDefaultModelInput,
  ZSetDisabledInput,
  ZSetModelEnabledInput,
  ZSetProviderEnabledInput,
  ZSummary,
  ZUpdatePriceInput,
  ZUpdatePriceResponse,
  ZUpdateWorkflowInput,
  ZUsage,
  ZUserActionResponse,
  ZUserProfitability,
  ZUserProfitInput,
  ZUsersInput,
  ZUsersResponse,
  ZWorkflow,
  ZWorkflowIdInput,
  ZWorkflowList,
} from './admin.schema';
import * as users from './admin.users.service';
import * as workflows from './admin.workflows.service';

/**
 * The admin console (issue 13). Every procedure is an adminProcedure (401 guests, 403 non-admins,
 * checked on the server) and every change writes an audit row in the same transaction.
 * The usage CSV export and the queue dashboard are plain HTTP routes (admin.export.ts, plugins/bull-board.ts).
 */
const tags = ['Admin'];

export const adminRouter = router({
  // ——— /admin/outbox: every mail and its delivery (issue 23; modules/email) ———
  outbox: outboxRouter,
  // ——— /admin summary and profitability ———
  summary: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/analytics/admin/summary',
        tags,
        summary: 'Users, generations, credits, revenue, cost, margin, queues and campaigns for a period',
      },
    })
    .input(ZPeriodInput)
    .output(ZSummary)
    .query(({ ctx, input }) => analytics.summary(ctx, resolvePeriod(input))),
  usage: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/analytics/admin/usage',
        tags,
        summary: 'Revenue versus provider cost per model, type and user; margin per credit',
      },
    })
    .input(ZPeriodInput)
    .output(ZUsage)
    .query(({ ctx, input }) => analytics.usage(ctx.db, resolvePeriod(input))),
  userProfitability: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/analytics/admin/user/{id}', tags, summary: "One user's purchases, spend by model, provider cost and margin" },
    })
    .input(ZUserProfitInput)
    .output(ZUserProfitability)
    .query(({ ctx, input }) => analytics.userProfitability(ctx.db, input.id, resolvePeriod(input))),

  // ——— /admin/users ———
  users: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/users', tags, summary: 'Accounts with balance, spend, last activity and role; search by e-mail' },
    })
    .input(ZUsersInput)
    .output(ZUsersResponse)
    .query(({ ctx, input }) => users.listUsers(ctx.db, input)),
  adjustCredits: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/users/{id}/credits', tags, summary: 'Add or remove credits with a reason (ledger + audit)' } })
    .input(ZAdjustCreditsInput)
    .output(ZAdjustResponse)
    .mutation(({ ctx, input }) => users.adjustCredits(ctx.db, ctx.user, input)),
  setAdmin: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/users/{id}/admin', tags, summary: 'Grant or revoke admin (not on yourself)' } })
    .input(ZSetAdminInput)
    .output(ZUserActionResponse)
    .mutation(async ({ ctx, input }) => {
      const result = await users.setAdmin(ctx.db, ctx.user, input);
      await announceAuthChange(ctx, [input.id]);
      return result;
    }),
  setDisabled: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/users/{id}/disabled', tags, summary: 'Disable (ends every session) or enable an account' } })
    .input(ZSetDisabledInput)
    .output(ZUserActionResponse)
    .mutation(async ({ ctx, input }) => {
      const result = await users.setDisabled(ctx.db, ctx.user, input);
      // Committed: the account's access tokens stop working on every replica before this answers.
      await announceAuthChange(ctx, [input.id]);
      return result;
    }),

  // ——— /admin/ai-control ———
  aiControl: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/ai', tags, summary: 'Providers (configured or not), models and defaults per output type' } })
    .input(z.void())
    .output(ZAiControl)
    .query(({ ctx }) => ai.aiControl(ctx)),
  providerHealth: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/ai/providers/{provider}/health', tags, summary: 'Health check of a provider' } })
    .input(ZProviderInput)
    .output(ZHealthCheck)
    .mutation(({ ctx, input }) => ai.providerHealth(ctx, input.provider)),
  setProviderEnabled: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/ai/providers/{provider}/enabled', tags, summary: 'Switch a provider on or off' } })
    .input(ZSetProviderEnabledInput)
    .output(ZAiControl)
    .mutation(({ ctx, input }) => ai.setProviderEnabled(ctx, ctx.user, input)),
  setModelEnabled: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/ai/models/enabled', tags, summary: 'Switch a model on or off' } })
    .input(ZSetModelEnabledInput)
    .output(ZAiControl)
    .mutation(({ ctx, input }) => ai.setModelEnabled(ctx, ctx.user, input)),
  setDefaultModel: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/ai/defaults', tags, summary: 'Choose the default model of an output type (null: automatic)' } })
    .input(ZSetDefaultModelInput)
    .output(ZAiControl)
    .mutation(({ ctx, input }) => ai.setDefaultModel(ctx, ctx.user, input)),
  // ——— /admin/ai-control → Workflows: ComfyUI workflows served as comfyui/<slug> (issue 25) ———
  workflows: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/workflows', tags, summary: 'ComfyUI workflows: mapping, price, switch and availability' } })
    .input(z.void())
    .output(ZWorkflowList)
    .query(({ ctx }) => workflows.listWorkflows(ctx)),
  createWorkflow: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/workflows',
        tags,
        summary: 'Upload a ComfyUI workflow (API format) with its input mapping and price; it becomes the model comfyui/<slug>',
      },
    })
    .input(ZCreateWorkflowInput)
    .output(z.object({ workflow: ZWorkflow }))
    .mutation(({ ctx, input }) => workflows.createWorkflow(ctx, ctx.user, input)),
  updateWorkflow: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/workflows/{id}',
        tags,
        summary: "Change a workflow's graph, mapping, price or switch (checked again)",
      },
    })
    .input(ZUpdateWorkflowInput)
    .output(z.object({ workflow: ZWorkflow }))
    .mutation(({ ctx, input }) => workflows.updateWorkflow(ctx, ctx.user, input)),
  deleteWorkflow: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/workflows/{id}', tags, summary: 'Delete a workflow (its model leaves the catalogue)' } })
    .input(ZWorkflowIdInput)
    .output(z.object({ success: z.literal(true), id: z.string() }))
    .mutation(({ ctx, input }) => workflows.deleteWorkflow(ctx, ctx.user, input.id)),
  queues: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/job-queues', tags, summary: 'Job counts by state and failures in the last 24 h per queue' } })
    .input(z.void())
    .output(ZQueuesResponse)
    .query(({ ctx }) => queueOverview(ctx.queues)),
  queueAction: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/job-queues/action', tags, summary: 'Pause or resume a queue, or retry its failed jobs' } })
    .input(ZQueueActionInput)
    .output(ZQueueActionResponse)
    .mutation(({ ctx, input }) => queueAction(ctx, ctx.user, input)),
  queueDashboardLink: adminProcedure
    .meta({
      openapi: { method: 'POST', path: '/admin/job-queues/dashboard-link', tags, summary: 'A one-time link (60 s) that opens the queue dashboard' },
    })
    .input(ZDashboardLinkInput)
    .output(ZDashboardLink)
    .mutation(async ({ ctx }) => {
      const link = mintTicket(ctx.env, ctx.user);
      await writeAudit(ctx.db, {
        actorId: ctx.user.id,
        action: 'queue_dashboard.link_created',
        targetType: 'queue_dashboard',
        targetId: null,
        before: null,
        after: { expiresAt: link.expiresAt },
      });
      return link;
    }),

  // ——— /admin/model-pricing ———
  modelPricing: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/model-pricing',
        tags,
        summary: 'Every model: credits, provider cost, suggested price (+20 %) and margin',
      },
    })
    .input(z.void())
    .output(ZPricing)
    .query(({ ctx }) => pricing.modelPricing(ctx)),
  updateModelPrice: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/model-pricing',
        tags,
        summary: "Set a model's price and provider cost (applies to the next generation)",
      },
    })
    .input(ZUpdatePriceInput)
    .output(ZUpdatePriceResponse)
    .mutation(({ ctx, input }) => pricing.updatePrice(ctx, ctx.user, input)),

  // ——— /admin/model-test ———
  runModelTest: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/model-tests',
        tags,
        summary: 'Run one prompt on several models (admin test: not charged, cost counted)',
      },
    })
    .input(ZModelTestInput)
    .output(ZModelTest)
    .mutation(({ ctx, input }) => modelTest.runModelTest(ctx, ctx.user, input)),
  modelTests: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/model-tests', tags, summary: 'Recent model tests, newest first' } })
    .input(ZModelTestsInput)
    .output(z.object({ tests: z.array(ZModelTest), total: z.number() }))
    .query(({ ctx, input }) => modelTest.listModelTests(ctx, input)),
  modelTest: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/model-tests/{id}',
        tags,
        summary: 'One model test with each run’s output, status, latency, cost and price',
      },
    })
    .input(ZModelTestIdInput)
    .output(ZModelTest)
    .query(({ ctx, input }) => modelTest.getModelTest(ctx, input.id)),

  // ——— audit ———
  auditLog: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/audit', tags, summary: 'Every admin change: who, what, when, before and after' } })
    .input(ZAuditInput)
    .output(ZAuditResponse)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
});
