import { z } from 'zod';
import { authedProcedure, router, viewerProcedure } from '../../trpc';
import {
  ZClipGenerationResponse,
  ZClipGenerationStatus,
  ZGenerateClipRequest,
  ZSaveTimelineRequest,
  ZUpdateClipRequest,
  ZUploadClipImageRequest,
  ZVideoClip,
} from './clips.schema';
import * as clips from './clips.service';
import { ZCreateExportRequest, ZExport, ZExportId, ZExportList, ZListExportsRequest, ZProjectExportsRequest } from './exports.schema';
import * as exportsService from './exports.service';
import {
  ZCreateProjectRequest,
  ZListProjectsRequest,
  ZProject,
  ZProjectDetail,
  ZProjectId,
  ZProjectList,
  ZProjectStats,
  ZUpdateProjectRequest,
} from './projects.schema';
import * as projects from './projects.service';
import {
  ZCreateSegmentRequest,
  ZGenerateVersionRequest,
  ZGenerateVersionResponse,
  ZReorderSegmentsRequest,
  ZSegment,
  ZSegmentId,
  ZSegmentRef,
  ZSegmentVersion,
  ZUpdateSegmentRequest,
  ZVersionRef,
} from './segments.schema';
import * as segments from './segments.service';

const tags = ['Projects'];
const clipTags = ['Video clips'];
const segmentTags = ['Segments'];
const exportTags = ['Exports'];
const ZDeleted = z.object({ success: z.literal(true), id: z.string() });
const ZProjectResult = z.object({ success: z.literal(true), project: ZProject });
const ZClips = z.object({ clips: z.array(ZVideoClip) });
const ZSegments = z.object({ segments: z.array(ZSegment) });

/**
 * Projects, their video clips, segments with versions, and exports (spec §7 Projects calls).
 * Every procedure that takes an id checks that the project is the viewer's: anything else is
 * 404 'Project not found'. Reads go through viewerProcedure (guests read the demo workspace);
 * writes need a signed-in user. Literal paths come before parameterised ones
 * (/projects/exports before /projects/{id}).
 */
export const projectsRouter = router({
  // ---- literal paths first ----------------------------------------------------------------
  list: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/projects', tags, summary: 'Your projects, newest change first (type filter, search, paging)' } })
    .input(ZListProjectsRequest)
    .output(ZProjectList)
    .query(({ ctx, input }) => projects.listProjects(ctx, ctx.viewerId, input)),
  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/projects', tags, summary: 'Create a project (VIDEO, IMAGE or TEXT)' } })
    .input(ZCreateProjectRequest)
    .output(ZProjectResult)
    .mutation(({ ctx, input }) => projects.createProject(ctx, input)),
  allExports: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/projects/exports', tags: exportTags, summary: 'All your exports, newest first' } })
    .input(ZListExportsRequest)
    .output(ZExportList)
    .query(({ ctx, input }) => exportsService.listExports(ctx, ctx.viewerId, input)),
  exportById: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/projects/exports/{id}', tags: exportTags, summary: 'One export: status, progress and download' } })
    .input(ZExportId)
    .output(ZExport)
    .query(({ ctx, input }) => exportsService.getExport(ctx, ctx.viewerId, input.id)),
  // Pushes status and progress until the export ends (SSE, from any replica's worker). GET /projects/exports/{id} is the fallback.
  onExport: viewerProcedure
    .input(ZExportId)
    .subscription(({ ctx, input, signal }) => exportsService.followExport(ctx, ctx.viewerId, input.id, signal)),
  clipGeneration: viewerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/projects/video-generation/{id}',
        tags: clipTags,
        summary: "A clip's generation status (by clip id or generation id)",
      },
    })
    .input(z.object({ id: z.uuid({ error: 'id must be a clip or generation id' }) }).strict())
    .output(ZClipGenerationStatus)
    .query(({ ctx, input }) => clips.clipGenerationStatus(ctx, ctx.viewerId, input.id)),
  updateClip: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/projects/video-clips/{id}', tags: clipTags, summary: "One clip's prompt, image, trims or place" } })
    .input(ZUpdateClipRequest)
    .output(z.object({ clip: ZVideoClip }))
    .mutation(({ ctx, input }) => clips.updateClip(ctx, input)),
  generateClip: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/projects/video-clips/{id}/generation',
        tags: clipTags,
        summary: "Generate the clip's video (image-to-video or text-to-video) at the model's price",
      },
    })
    .input(ZGenerateClipRequest)
    .output(ZClipGenerationResponse)
    .mutation(({ ctx, input }) => clips.generateClip(ctx, input)),
  uploadClipImage: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/projects/video-clips/{id}/image',
        tags: clipTags,
        summary: "Upload the clip's image (base64 PNG, JPEG or WebP data URL, at most 8 MB)",
      },
    })
    .input(ZUploadClipImageRequest)
    .output(z.object({ clip: ZVideoClip, image: z.object({ url: z.string(), width: z.number(), height: z.number() }) }))
    .mutation(({ ctx, input }) => clips.uploadClipImage(ctx, input.id, input.image)),
  generateVersion: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/projects/segments/{id}/generate',
        tags: segmentTags,
        summary: 'Generate a new version of a segment (queued, at the model’s price)',
      },
    })
    .input(ZGenerateVersionRequest)
    .output(ZGenerateVersionResponse)
    .mutation(({ ctx, input }) => segments.generateVersion(ctx, input)),
  versions: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/projects/segments/{id}/versions', tags: segmentTags, summary: "A segment's versions, newest first" } })
    .input(ZSegmentId)
    .output(z.object({ versions: z.array(ZSegmentVersion) }))
    .query(({ ctx, input }) => segments.listVersions(ctx, ctx.viewerId, input.id)),
  selectVersion: authedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/projects/segments/{id}/select/{versionId}', tags: segmentTags, summary: 'Choose the version a segment uses' },
    })
    .input(ZVersionRef)
    .output(z.object({ segment: ZSegment }))
    .mutation(({ ctx, input }) => segments.selectVersion(ctx, input.id, input.versionId)),
  deleteVersion: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/projects/segments/{id}/versions/{versionId}',
        tags: segmentTags,
        summary: 'Delete a version (not the selected one: choose another first)',
      },
    })
    .input(ZVersionRef)
    .output(ZDeleted.extend({ segment: ZSegment }))
    .mutation(({ ctx, input }) => segments.deleteVersion(ctx, input.id, input.versionId)),

  // ---- /projects/{id} and below -------------------------------------------------------------
  byId: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/projects/{id}', tags, summary: 'One project with its clips or segments' } })
    .input(ZProjectId)
    .output(ZProjectDetail)
    .query(({ ctx, input }) => projects.getProject(ctx, ctx.viewerId, input.id)),
  update: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/projects/{id}', tags, summary: 'Rename or change a project' } })
    .input(ZUpdateProjectRequest)
    .output(ZProjectResult)
    .mutation(({ ctx, input }) => projects.updateProject(ctx, input)),
  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/projects/{id}', tags, summary: 'Delete a project with its clips, segments and exports' } })
    .input(ZProjectId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => projects.deleteProject(ctx, input.id)),
  duplicate: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/projects/{id}/duplicate', tags, summary: 'Deep copy: clips, segments and versions, not exports' } })
    .input(ZProjectId)
    .output(z.object({ success: z.literal(true), project: ZProjectDetail }))
    .mutation(({ ctx, input }) => projects.duplicateProject(ctx, input.id)),
  stats: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/projects/{id}/stats', tags, summary: 'Counts, generations and credits spent' } })
    .input(ZProjectId)
    .output(ZProjectStats)
    .query(({ ctx, input }) => projects.projectStats(ctx, ctx.viewerId, input.id)),
  clips: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/projects/{id}/video-clips', tags: clipTags, summary: 'The timeline, in order' } })
    .input(ZProjectId)
    .output(ZClips)
    .query(({ ctx, input }) => clips.listClips(ctx, ctx.viewerId, input.id)),
  saveClips: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/projects/{id}/video-clips',
        tags: clipTags,
        summary: 'Save the whole timeline in one transaction (order, prompts, trims)',
      },
    })
    .input(ZSaveTimelineRequest)
    .output(ZClips)
    .mutation(({ ctx, input }) => clips.saveTimeline(ctx, input.id, input.clips)),
  segments: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/projects/{id}/segments', tags: segmentTags, summary: "The project's segments, in order" } })
    .input(ZProjectId)
    .output(ZSegments)
    .query(({ ctx, input }) => segments.listSegments(ctx, ctx.viewerId, input.id)),
  createSegment: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/projects/{id}/segments', tags: segmentTags, summary: 'Add a segment (IMAGE and TEXT projects)' } })
    .input(ZCreateSegmentRequest)
    .output(z.object({ segment: ZSegment }))
    .mutation(({ ctx, input }) => segments.createSegment(ctx, input)),
  reorderSegments: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/projects/{id}/segments/reorder', tags: segmentTags, summary: 'Reorder every segment of the project' } })
    .input(ZReorderSegmentsRequest)
    .output(ZSegments)
    .mutation(({ ctx, input }) => segments.reorderSegments(ctx, input.id, input.segmentIds)),
  updateSegment: authedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/projects/{id}/segments/{segmentId}', tags: segmentTags, summary: "A segment's name, prompt or metadata" },
    })
    .input(ZUpdateSegmentRequest)
    .output(z.object({ segment: ZSegment }))
    .mutation(({ ctx, input }) => segments.updateSegment(ctx, input)),
  deleteSegment: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/projects/{id}/segments/{segmentId}', tags: segmentTags, summary: 'Delete a segment and its versions' },
    })
    .input(ZSegmentRef)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => segments.deleteSegment(ctx, input.id, input.segmentId)),
  export: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/projects/{id}/export',
        tags: exportTags,
        summary: 'Queue an export (video/mp4, image/png, application/zip…)',
      },
    })
    .input(ZCreateExportRequest)
    .output(z.object({ export: ZExport, warnings: z.array(z.string()) }))
    .mutation(({ ctx, input }) => exportsService.createExport(ctx, input)),
  exports: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/projects/{id}/exports', tags: exportTags, summary: "The project's exports, newest first" } })
    .input(ZProjectExportsRequest)
    .output(ZExportList)
    .query(({ ctx, input }) => exportsService.listExports(ctx, ctx.viewerId, { projectId: input.id, limit: input.limit, offset: input.offset })),
});
