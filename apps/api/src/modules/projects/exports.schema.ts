import { z } from 'zod';

export const EXPORT_TYPES = ['video/mp4', 'image/png', 'application/zip', 'text/markdown'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const ZExport = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  /** The mime type of the output. */
  type: z.string(),
  status: z.enum(EXPORT_STATUSES),
  progress: z.number(),
  /** Signed URL to play or show the output inline. */
  outputUrl: z.string().nullable(),
  /** Signed URL that downloads the output as an attachment. */
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Export = z.infer<typeof ZExport>;

export const ZCreateExportRequest = z
  .object({
    id: z.uuid({ error: 'id must be a project id' }),
    name: z.string().trim().min(1, 'name must not be empty').max(120, 'name must be at most 120 characters').default('Export'),
    /**
     * The output's mime type. VIDEO projects: video/mp4 (default). IMAGE projects:
     * application/zip of the selected images (default) or image/png (one image, or a contact
     * sheet of several). TEXT projects: application/zip (default) or text/markdown.
     */
    type: z.enum(EXPORT_TYPES, { error: `type must be one of ${EXPORT_TYPES.join(', ')}` }).optional(),
    /** video/mp4 only: an audio track (one of your audio generations or uploads) that replaces the clips' sound. */
    audioUrl: z.string().max(2000).nullable().optional(),
  })
  .strict();
export type CreateExportRequest = z.infer<typeof ZCreateExportRequest>;

export const ZExportId = z.object({ id: z.uuid({ error: 'id must be an export id' }) }).strict();

export const ZListExportsRequest = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();

export const ZProjectExportsRequest = z
  .object({
    id: z.uuid({ error: 'id must be a project id' }),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();

export const ZExportList = z.object({ exports: z.array(ZExport), total: z.number(), limit: z.number(), offset: z.number() });
