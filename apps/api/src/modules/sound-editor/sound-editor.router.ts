import { authedProcedure, router, viewerProcedure } from '../../trpc';
import {
  ZAddClipFromGenerationRequest,
  ZAddSourceRequest,
  ZExportMixRequest,
  ZExportMixResponse,
  ZLibrary,
  ZProjectId,
  ZRemoveSourceRequest,
  ZSaveSessionRequest,
  ZSessionResponse,
  ZSourceResponse,
  ZUploadSourceRequest,
} from './sound-editor.schema';
import * as sound from './sound-editor.service';

const tags = ['Sound editor'];

/** /projects/{projectId}/sound-editor: one session of tracks per project, mixed down to MP3/WAV as a project export. */
export const soundEditorRouter = router({
  session: viewerProcedure
    .meta({
      openapi: { method: 'GET', path: '/sound-editor/projects/{id}', tags, summary: "The project's sound session: tracks, clips and audio sources" },
    })
    .input(ZProjectId)
    .output(ZSessionResponse)
    .query(async ({ ctx, input }) => ({ session: await sound.getSession(ctx, ctx.viewerId, input.id) })),
  save: authedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/sound-editor/projects/{id}', tags, summary: 'Save the tracks (autosave); 409 when the revision is stale' },
    })
    .input(ZSaveSessionRequest)
    .output(ZSessionResponse)
    .mutation(async ({ ctx, input }) => ({ session: await sound.saveSession(ctx, input) })),
  library: viewerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sound-editor/projects/{id}/library',
        tags,
        summary: 'Audio you can add: your speech/music, the project videos and exports',
      },
    })
    .input(ZProjectId)
    .output(ZLibrary)
    .query(({ ctx, input }) => sound.library(ctx, ctx.viewerId, input.id)),
  uploadSource: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/sound-editor/projects/{id}/sources/upload', tags, summary: 'Upload audio (WAV, MP3, OGG, FLAC ≤ 8 MB)' },
    })
    .input(ZUploadSourceRequest)
    .output(ZSourceResponse)
    .mutation(({ ctx, input }) => sound.uploadSource(ctx, input)),
  addSource: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sound-editor/projects/{id}/sources',
        tags,
        summary: 'Add an audio generation, or the sound of a project video or export',
      },
    })
    .input(ZAddSourceRequest)
    .output(ZSourceResponse)
    .mutation(({ ctx, input }) => sound.addSource(ctx, input)),
  addClipFromGeneration: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sound-editor/projects/{id}/clips/from-generation',
        tags,
        summary: 'Send a speech/music generation to the sound editor: a new track with it at 0 s',
      },
    })
    .input(ZAddClipFromGenerationRequest)
    .output(ZSourceResponse)
    .mutation(({ ctx, input }) => sound.addSource(ctx, { id: input.id, kind: 'generation', originId: input.generationId, place: true })),
  removeSource: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/sound-editor/projects/{id}/sources/{sourceId}', tags, summary: 'Remove an audio source no clip uses' },
    })
    .input(ZRemoveSourceRequest)
    .output(ZSessionResponse)
    .mutation(({ ctx, input }) => sound.removeSource(ctx, input)),
  export: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sound-editor/projects/{id}/export',
        tags,
        summary: 'Mix down the saved session to MP3 or WAV (a project export)',
      },
    })
    .input(ZExportMixRequest)
    .output(ZExportMixResponse)
    .mutation(({ ctx, input }) => sound.exportMix(ctx, input)),
});
