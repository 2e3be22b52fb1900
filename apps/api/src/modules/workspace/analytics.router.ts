import { router, viewerProcedure } from '../../trpc';
import { ZAnalytics, ZCreditBreakdown, ZModelPerformance, ZPeriodInput, ZRecommendations, ZUsageStats, ZUsageTrend } from './analytics.schema';
import * as analytics from './analytics.service';

const tags = ['Analytics'];

// The admin console owns /analytics/admin/*; these are the viewer's own numbers (guests: the demo workspace).
export const analyticsRouter = router({
  overview: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/analytics', tags, summary: 'Overview, generations by type, credit usage by day, popular models' } })
    .input(ZPeriodInput)
    .output(ZAnalytics)
    .query(({ ctx, input }) => analytics.overview(ctx, ctx.viewerId, input.period)),
  usageStats: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/analytics/usage-stats', tags, summary: 'Totals by status, success rate, credits used and added' } })
    .input(ZPeriodInput)
    .output(ZUsageStats)
    .query(({ ctx, input }) => analytics.usageStats(ctx, ctx.viewerId, input.period)),
  usageTrend: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/analytics/usage-trend', tags, summary: 'Generations per day by type, and credits per day' } })
    .input(ZPeriodInput)
    .output(ZUsageTrend)
    .query(({ ctx, input }) => analytics.usageTrend(ctx, ctx.viewerId, input.period)),
  modelPerformance: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/analytics/model-performance', tags, summary: 'Per model: uses, success rate, average time, credits' } })
    .input(ZPeriodInput)
    .output(ZModelPerformance)
    .query(({ ctx, input }) => analytics.modelPerformance(ctx, ctx.viewerId, input.period)),
  creditBreakdown: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/analytics/credit-breakdown', tags, summary: 'Credits used by type and by model' } })
    .input(ZPeriodInput)
    .output(ZCreditBreakdown)
    .query(({ ctx, input }) => analytics.creditBreakdown(ctx, ctx.viewerId, input.period)),
  recommendations: viewerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/analytics/recommendations',
        tags,
        summary: 'Suggestions from your own usage (e.g. a cheaper model that succeeds as often)',
      },
    })
    .input(ZPeriodInput)
    .output(ZRecommendations)
    .query(({ ctx, input }) => analytics.recommendations(ctx, ctx.viewerId, input.period)),
});
