import { ZSoundTrack, ZSoundTracks } from '@atelier/shared';
import { z } from 'zod';
import { ZExport } from '../projects/exports.schema';

export const SOURCE_KINDS = ['upload', 'generation', 'video', 'export'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

const projectId = z.uuid({ error: 'id must be a project id' });

export const ZSoundSource = z.object({
  id: z.string(),
  kind: z.enum(SOURCE_KINDS),
  /** The generation, video clip or export it came from. */
  originId: z.string().nullable(),
  name: z.string(),
  /** Signed URL of the playable audio. */
  url: z.string().nullable(),
  durationSeconds: z.number(),
  /** Waveform: peak amplitude 0–1 per bin. */
  peaks: z.array(z.number()),
  peaksPerSecond: z.number(),
  createdAt: z.string(),
});
export type SoundSource = z.infer<typeof ZSoundSource>;

export const ZSoundSession = z.object({
  projectId: z.string(),
  projectName: z.string(),
  /** Counts saves; send it back with the next save. 0 = nothing saved yet. */
  revision: z.number(),
  tracks: z.array(ZSoundTrack),
  sources: z.array(ZSoundSource),
  /** Seconds until the last audible clip ends. */
  durationSeconds: z.number(),
  updatedAt: z.string().nullable(),
});
export type SoundSession = z.infer<typeof ZSoundSession>;

export const ZProjectId = z.object({ id: projectId }).strict();

export const ZSaveSessionRequest = z
  .object({
    id: projectId,
    /** The revision this edit was made on; a newer one on the server → 409. */
    revision: z.number({ error: 'revision must be a number' }).int().min(0, 'revision must not be negative'),
    tracks: ZSoundTracks,
  })
  .strict();
export type SaveSessionRequest = z.infer<typeof ZSaveSessionRequest>;

export const ZUploadSourceRequest = z
  .object({
    id: projectId,
    name: z.string().trim().min(1, 'name must not be empty').max(120, 'name must be at most 120 characters').optional(),
    /** A base64 data URL of a WAV, MP3, OGG or FLAC file (≤ 8 MB). */
    audio: z.string({ error: 'audio must be a base64 data URL of an audio file' }).min(1, 'audio is required').max(12_000_000, 'audio is too large'),
  })
  .strict();

export const ZAddSourceRequest = z
  .object({
    id: projectId,
    kind: z.enum(['generation', 'video', 'export'], { error: 'kind must be generation, video or export' }),
    /** The audio generation, video clip of this project, or export of this project. */
    originId: z.uuid({ error: 'originId must be an id' }),
    /** Also put it on a new track at 0 s. */
    place: z.boolean().optional(),
  })
  .strict();
export type AddSourceRequest = z.infer<typeof ZAddSourceRequest>;

export const ZAddClipFromGenerationRequest = z
  .object({ id: projectId, generationId: z.uuid({ error: 'generationId must be a generation id' }) })
  .strict();

export const ZRemoveSourceRequest = z.object({ id: projectId, sourceId: z.uuid({ error: 'sourceId must be a source id' }) }).strict();

export const MIX_FORMATS = ['mp3', 'wav'] as const;
export const ZExportMixRequest = z
  .object({
    id: projectId,
    format: z.enum(MIX_FORMATS, { error: 'format must be mp3 or wav' }).default('mp3'),
    name: z.string().trim().min(1, 'name must not be empty').max(120, 'name must be at most 120 characters').default('Mixdown'),
  })
  .strict();
export type ExportMixRequest = z.infer<typeof ZExportMixRequest>;

export const ZLibrary = z.object({
  generations: z.array(
    z.object({
      id: z.string(),
      prompt: z.string(),
      model: z.string(),
      url: z.string().nullable(),
      durationSeconds: z.number().nullable(),
      createdAt: z.string(),
    }),
  ),
  videoClips: z.array(z.object({ id: z.string(), number: z.number(), prompt: z.string(), url: z.string().nullable() })),
  exports: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), url: z.string().nullable(), createdAt: z.string() })),
});

export const ZSessionResponse = z.object({ session: ZSoundSession });
export const ZSourceResponse = z.object({ source: ZSoundSource, session: ZSoundSession });
export const ZExportMixResponse = z.object({ export: ZExport, durationSeconds: z.number(), clips: z.number() });
