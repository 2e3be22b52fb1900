import type { AppRouter } from '@atelier/api/router';
import type { ProjectType } from '@atelier/shared';
import { type Icon, IconArticle, IconFileText, IconLayoutList, IconMovie, IconPhoto, IconPhotoEdit, IconWaveSine } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
/** A project as the list answers it (counts, thumbnail, dates as ISO strings). */
export type ProjectSummary = Outputs['projects']['list']['projects'][number];
/** A project with its clips or segments. */
export type ProjectDetail = Outputs['projects']['byId'];

export interface ProjectTypeMeta {
  label: string;
  /** What a project of this type holds, for the create dialog. */
  description: string;
  icon: Icon;
  color: string;
}

export const PROJECT_TYPE_META: Record<ProjectType, ProjectTypeMeta> = {
  VIDEO: { label: 'Video', description: 'Clips on a timeline, generated from prompts or images, exported as MP4.', icon: IconMovie, color: 'grape' },
  IMAGE: { label: 'Image', description: 'Image segments with versions to compare, exported as PNG or ZIP.', icon: IconPhoto, color: 'teal' },
  TEXT: { label: 'Text', description: 'Text segments and SEO articles, exported as Markdown or ZIP.', icon: IconFileText, color: 'orange' },
};

/**
 * Where /projects/{projectId} sends each type (spec §2). The image editor and the SEO screens are
 * other features; image and text projects' segments are edited at /projects/{projectId}/segments.
 */
export const PROJECT_HOME = {
  VIDEO: '/projects/$projectId/video-editor',
  IMAGE: '/projects/$projectId/image-editor',
  TEXT: '/projects/$projectId/seo',
} as const;

/**
 * Where a project card opens it: the video editor, the segment editor for image projects (until the
 * image editor edits project segments), the SEO flow for text projects.
 */
export const PROJECT_OPEN = {
  VIDEO: '/projects/$projectId/video-editor',
  IMAGE: '/projects/$projectId/segments',
  TEXT: '/projects/$projectId/seo',
} as const;

export type ProjectEditor = 'video-editor' | 'image-editor' | 'sound-editor' | 'segments' | 'seo';

/** Every editor a project of each type has, in the order its card menu and its pages list them. */
export const PROJECT_EDITORS: Record<ProjectType, readonly ProjectEditor[]> = {
  VIDEO: ['video-editor', 'sound-editor'],
  IMAGE: ['segments', 'image-editor', 'sound-editor'],
  TEXT: ['seo', 'segments', 'sound-editor'],
};

export const EDITOR_META: Record<
  ProjectEditor,
  {
    label: string;
    to:
      | '/projects/$projectId/video-editor'
      | '/projects/$projectId/image-editor'
      | '/projects/$projectId/sound-editor'
      | '/projects/$projectId/segments'
      | '/projects/$projectId/seo';
    icon: Icon;
  }
> = {
  'video-editor': { label: 'Video editor', to: '/projects/$projectId/video-editor', icon: IconMovie },
  'image-editor': { label: 'Image editor', to: '/projects/$projectId/image-editor', icon: IconPhotoEdit },
  'sound-editor': { label: 'Sound editor', to: '/projects/$projectId/sound-editor', icon: IconWaveSine },
  segments: { label: 'Segments', to: '/projects/$projectId/segments', icon: IconLayoutList },
  seo: { label: 'SEO articles', to: '/projects/$projectId/seo', icon: IconArticle },
};

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (!Number.isFinite(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute') return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** "12 Mar 2026, 14:05" for tooltips next to relative times. */
export function absoluteTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
