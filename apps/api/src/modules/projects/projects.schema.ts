import { ASPECT_RATIOS, PROJECT_TYPES, RESOLUTIONS } from '@atelier/shared';
import { z } from 'zod';
import { ZVideoClip } from './clips.schema';
import { ZSegment } from './segments.schema';

export const PROJECT_STATUSES = ['DRAFT', 'IN_PROGRESS', 'COMPLETED', 'ARCHIVED'] as const;

export const ZProjectId = z.object({ id: z.uuid({ error: 'id must be a project id' }) }).strict();

/** Free-form editor settings; kept small. */
export const ZSettings = z
  .record(z.string().max(100), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 16_384, { error: 'settings must be at most 16 KB of JSON' });

const name = z.string().trim().min(1, 'name is required').max(200, 'name must be at most 200 characters');
const description = z.string().trim().max(2000, 'description must be at most 2000 characters');
const globalPrompt = z.string().trim().max(4000, 'globalPrompt must be at most 4000 characters');

export const ZCreateProjectRequest = z
  .object({
    name,
    type: z.enum(PROJECT_TYPES, { error: 'type must be VIDEO, IMAGE or TEXT' }),
    description: description.optional(),
    status: z.enum(PROJECT_STATUSES).optional(),
    globalPrompt: globalPrompt.nullable().optional(),
    aspectRatio: z.enum(ASPECT_RATIOS, { error: `aspectRatio must be one of ${ASPECT_RATIOS.join(', ')}` }).optional(),
    resolution: z.enum(RESOLUTIONS, { error: `resolution must be one of ${RESOLUTIONS.join(', ')}` }).optional(),
    settings: ZSettings.optional(),
  })
  .strict();
export type CreateProjectRequest = z.infer<typeof ZCreateProjectRequest>;

/** The type is fixed at creation (the editor, clips and segments depend on it). */
export const ZUpdateProjectRequest = z
  .object({
    id: z.uuid({ error: 'id must be a project id' }),
    name: name.optional(),
    description: description.optional(),
    status: z.enum(PROJECT_STATUSES).optional(),
    globalPrompt: globalPrompt.nullable().optional(),
    aspectRatio: z.enum(ASPECT_RATIOS, { error: `aspectRatio must be one of ${ASPECT_RATIOS.join(', ')}` }).optional(),
    resolution: z.enum(RESOLUTIONS, { error: `resolution must be one of ${RESOLUTIONS.join(', ')}` }).optional(),
    settings: ZSettings.optional(),
  })
  .strict();
export type UpdateProjectRequest = z.infer<typeof ZUpdateProjectRequest>;

export const ZListProjectsRequest = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).default(0),
    type: z.enum(PROJECT_TYPES).optional(),
    search: z.string().trim().max(200).optional(),
  })
  .strict();
export type ListProjectsRequest = z.infer<typeof ZListProjectsRequest>;

export const ZProjectCounts = z.object({ segments: z.number(), videoClips: z.number(), exports: z.number() });

export const ZProject = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PROJECT_TYPES),
  description: z.string(),
  status: z.string(),
  thumbnailUrl: z.string().nullable(),
  globalPrompt: z.string().nullable(),
  aspectRatio: z.string(),
  resolution: z.string(),
  settings: z.record(z.string(), z.unknown()),
  counts: ZProjectCounts,
  /** The viewer's role; `shared` marks a project someone else owns and shared with the viewer. */
  access: z.object({
    role: z.enum(['owner', 'editor', 'viewer']),
    shared: z.boolean(),
    ownerEmail: z.string(),
    members: z.number(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof ZProject>;

/** One project with its timeline (VIDEO) or its segments (IMAGE, TEXT); the other list is empty. */
export const ZProjectDetail = ZProject.extend({ videoClips: z.array(ZVideoClip), segments: z.array(ZSegment) });

export const ZProjectList = z.object({
  success: z.literal(true),
  projects: z.array(ZProject),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});

export const ZProjectStats = z.object({
  projectId: z.string(),
  segments: z.number(),
  videoClips: z.number(),
  readyClips: z.number(),
  versions: z.number(),
  exports: z.number(),
  completedExports: z.number(),
  generations: z.number(),
  completedGenerations: z.number(),
  failedGenerations: z.number(),
  creditsSpent: z.number(),
  /** Seconds the timeline plays after trims (VIDEO). */
  timelineSeconds: z.number(),
  lastActivityAt: z.string(),
});
