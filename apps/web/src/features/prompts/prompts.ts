import type { AppRouter } from '@atelier/api/router';
import type { GenerationType } from '@atelier/shared';
import type { inferRouterOutputs } from '@trpc/server';

/** One saved prompt as the api returns it (`prompts.list`). */
export type SavedPrompt = inferRouterOutputs<AppRouter>['prompts']['list']['prompts'][number];

/** A title from the first words of a prompt, for the save form. */
export function suggestTitle(text: string): string {
  const words = text.trim().replace(/\s+/g, ' ').split(' ').slice(0, 6).join(' ');
  const title = words.length > 60 ? `${words.slice(0, 57)}…` : words;
  return title ? title.charAt(0).toUpperCase() + title.slice(1) : '';
}

/** Where "Use" opens a prompt: Quick Create with the prompt and type filled in. */
export function quickCreateSearch(prompt: { text: string; type: GenerationType }) {
  return { prompt: prompt.text.slice(0, 4000), type: prompt.type };
}

export const DEFAULT_CATEGORIES = ['General', 'Marketing', 'Social', 'Product', 'Characters', 'Landscapes'];
