import { z } from 'zod';
import { authedProcedure, router, viewerProcedure } from '../../trpc';
import { ZGeneration } from '../generation/generation.schema';
import { ZExport } from '../projects/exports.schema';
import {
  ZAsset,
  ZCreateImageProjectRequest,
  ZCreateLayerRequest,
  ZGenerateLayerRequest,
  ZImageExportRequest,
  ZImageProject,
  ZImageProjectSummary,
  ZLayer,
  ZLayerId,
  ZListImageProjectsRequest,
  ZProjectId,
  ZQuickActionRequest,
  ZReorderLayersRequest,
  ZSyncLayersRequest,
  ZUpdateImageProjectRequest,
  ZUpdateLayerRequest,
  ZUploadAssetRequest,
} from './image-editor.schema';
import * as editor from './image-editor.service';

const tags = ['Image editor'];
const ZLayers = z.object({ layers: z.array(ZLayer) });

/**
 * The image editor (issue 9, spec §7 image-editor calls): IMAGE projects with their canvas,
 * assets (uploads, generations, quick-action results) and layers. Every procedure states what it
 * needs on the project (projectFor 'read' or 'write'); reads serve guests the demo workspace,
 * writes need a signed-in user. Literal paths before parameterised ones.
 */
export const imageEditorRouter = router({
  list: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/image-editor/projects', tags, summary: 'Your image-editor projects, newest change first' } })
    .input(ZListImageProjectsRequest)
    .output(z.object({ projects: z.array(ZImageProjectSummary), total: z.number(), limit: z.number(), offset: z.number() }))
    .query(({ ctx, input }) => editor.listImageProjects(ctx, ctx.viewerId, input)),
  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/image-editor/projects', tags, summary: 'Create an image project (default canvas 1920×1080, 16:9)' } })
    .input(ZCreateImageProjectRequest)
    .output(z.object({ project: ZImageProject }))
    .mutation(async ({ ctx, input }) => ({ project: await editor.createImageProject(ctx, input) })),
  byId: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/image-editor/projects/{id}', tags, summary: 'An image project with its canvas, assets and layers' } })
    .input(ZProjectId)
    .output(ZImageProject)
    .query(({ ctx, input }) => editor.getImageProject(ctx, ctx.viewerId, input.id)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/image-editor/projects/{id}',
        tags,
        summary: 'Rename, describe or resize the canvas (aspect ratio, resolution, background)',
      },
    })
    .input(ZUpdateImageProjectRequest)
    .output(z.object({ project: ZImageProject }))
    .mutation(async ({ ctx, input }) => ({ project: await editor.updateImageProject(ctx, input) })),
  assets: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/image-editor/projects/{id}/assets', tags, summary: 'The project’s assets, newest first' } })
    .input(ZProjectId)
    .output(z.object({ assets: z.array(ZAsset) }))
    .query(({ ctx, input }) => editor.listAssets(ctx, ctx.viewerId, input.id)),
  upload: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/image-editor/projects/{id}/assets',
        tags,
        summary: 'Upload a PNG, JPEG or WebP (JSON with a base64 data URL; type sniffed from the bytes) as an asset, and a layer showing it',
      },
    })
    .input(ZUploadAssetRequest)
    .output(z.object({ asset: ZAsset, layer: ZLayer.nullable() }))
    .mutation(({ ctx, input }) => editor.uploadAsset(ctx, input)),
  layers: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/image-editor/projects/{id}/layers', tags, summary: 'The project’s layers, bottom to top' } })
    .input(ZProjectId)
    .output(ZLayers)
    .query(({ ctx, input }) => editor.listLayers(ctx, ctx.viewerId, input.id)),
  createLayer: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/image-editor/projects/{id}/layers',
        tags,
        summary: 'Add a layer: an IMAGE showing an asset, or a SHAPE (rectangle/ellipse with fill and stroke)',
      },
    })
    .input(ZCreateLayerRequest)
    .output(z.object({ layer: ZLayer }))
    .mutation(async ({ ctx, input }) => ({ layer: await editor.createLayer(ctx, input) })),
  saveLayers: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/image-editor/projects/{id}/layers',
        tags,
        summary: 'Save the editor’s layers (autosave, undo, redo): upsert the listed layers in order, delete `remove`',
      },
    })
    .input(ZSyncLayersRequest)
    .output(ZLayers)
    .mutation(({ ctx, input }) => editor.syncLayers(ctx, input)),
  reorderLayers: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/image-editor/projects/{id}/layers/order',
        tags,
        summary: 'Reorder the layers (every layer id once, bottom to top)',
      },
    })
    .input(ZReorderLayersRequest)
    .output(ZLayers)
    .mutation(({ ctx, input }) => editor.reorderLayers(ctx, input)),
  generate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/image-editor/projects/{id}/generate',
        tags,
        summary: 'Generate an image from a prompt into a new layer (charged at the model’s price, refunded if it fails)',
      },
    })
    .input(ZGenerateLayerRequest)
    .output(z.object({ asset: ZAsset, layer: ZLayer.nullable(), generation: ZGeneration, creditsBalance: z.number(), replayed: z.boolean() }))
    .mutation(({ ctx, input }) => editor.generateLayer(ctx, input)),
  export: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/image-editor/projects/{id}/export',
        tags,
        summary: 'Export the composition as PNG, JPEG or WebP (rendered on the server; poll GET /projects/exports/{id})',
      },
    })
    .input(ZImageExportRequest)
    .output(z.object({ export: ZExport, warnings: z.array(z.string()) }))
    .mutation(({ ctx, input }) => editor.createImageExport(ctx, input)),
  updateLayer: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/image-editor/layers/{id}',
        tags,
        summary: 'Update a layer (name, visibility, opacity, blend mode, asset, position, size, rotation, shape)',
      },
    })
    .input(ZUpdateLayerRequest)
    .output(z.object({ layer: ZLayer }))
    .mutation(async ({ ctx, input }) => ({ layer: await editor.updateLayer(ctx, input) })),
  deleteLayer: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/image-editor/layers/{id}', tags, summary: 'Delete a layer (its asset stays in the project)' } })
    .input(ZLayerId)
    .output(z.object({ success: z.literal(true), id: z.string() }))
    .mutation(({ ctx, input }) => editor.deleteLayer(ctx, input.id)),
  quickAction: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/image-editor/layers/{id}/quick-action',
        tags,
        summary: 'Process the layer’s image on the server (flip, rotate, crop, resize, adjust, filter) into a new asset; the original stays for undo',
      },
    })
    .input(ZQuickActionRequest)
    .output(z.object({ asset: ZAsset, layer: ZLayer }))
    .mutation(({ ctx, input }) => editor.quickAction(ctx, input)),
});
