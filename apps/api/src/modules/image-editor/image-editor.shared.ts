import type { Db } from '@atelier/db';
import { AppError, type AspectRatio, dimensionsFor, type Resolution } from '@atelier/shared';
import type { Context } from '../../context';
import { notFound, type ProjectNeed, projectFor } from '../projects/projects.access';

export type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
export type UserCtx = Deps & { user: { id: string }; req?: Context['req'] };

export const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { fields: [{ path: field, message }] });

export const ratioOf = (v: string): AspectRatio => (v === '9:16' || v === '1:1' ? v : '16:9');
export const resolutionOf = (v: string): Resolution => (v === '480p' || v === '720p' ? v : '1080p');

export function canvasOf(p: { aspect_ratio: string; resolution: string; settings: Record<string, unknown> }) {
  const aspectRatio = ratioOf(p.aspect_ratio);
  const resolution = resolutionOf(p.resolution);
  const { width, height } = dimensionsFor(aspectRatio, resolution);
  const background = typeof p.settings.background === 'string' ? p.settings.background : '#ffffff';
  return { aspectRatio, resolution, width, height, background };
}

/** An IMAGE project the viewer may access as `need`; any other type is 'Project not found' here. */
export async function imageProjectFor(db: Db, viewerId: string, projectId: string, need: ProjectNeed, forUpdate = false) {
  const project = await projectFor(db, viewerId, projectId, { need, forUpdate });
  if (project.type !== 'IMAGE') throw notFound();
  return project;
}

/** A layer box showing a w×h image: the image's own size, scaled down to fit the canvas, centred. */
export function fitBox(canvas: { width: number; height: number }, w: number, h: number) {
  const scale = Math.min(1, canvas.width / w, canvas.height / h);
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  return { x: Math.round((canvas.width - width) / 2), y: Math.round((canvas.height - height) / 2), width, height };
}

export const layerNameFrom = (s: string, fallback: string) => {
  const base = s
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return base || fallback;
};
