import { notifications } from '@mantine/notifications';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { type Article, downloadText, formatDate } from './seoData';

/**
 * Publishing and housekeeping actions on one article, each behind the guest guard (their names contain
 * publish/delete/export), with a toast for the outcome and the SEO caches refreshed.
 */
export function useArticleActions(seoProjectId: string) {
  const utils = trpc.useUtils();
  const guard = useRequireLogin();
  const schedule = trpc.seo.schedule.useMutation();
  const publish = trpc.seo.publish.useMutation();
  const unpublish = trpc.seo.unpublish.useMutation();
  const remove = trpc.seo.deleteArticle.useMutation();

  const refresh = (article?: Article) => {
    if (article) utils.seo.article.setData({ id: article.id }, { article });
    void utils.seo.articles.invalidate({ id: seoProjectId });
    void utils.seo.stats.invalidate({ id: seoProjectId });
  };
  const fail = (title: string) => (error: unknown) => notifications.show({ color: 'red', title, message: errorMessage(error) });

  return {
    pending: schedule.isPending || publish.isPending || unpublish.isPending || remove.isPending,
    schedule: (id: string, publishDate?: string) =>
      guard('publishSchedule', async () => {
        try {
          const res = await schedule.mutateAsync(publishDate ? { id, publishDate } : { id });
          refresh(res.article);
          notifications.show({
            color: 'violet',
            title: 'Scheduled',
            message: `“${res.article.title}” publishes on ${formatDate(res.article.publishDate, true)}.`,
          });
        } catch (error) {
          fail('Not scheduled')(error);
        }
      }),
    publish: (id: string) =>
      guard('publishNow', async () => {
        try {
          const res = await publish.mutateAsync({ id });
          refresh(res.article);
          notifications.show({ color: 'green', title: 'Published', message: `“${res.article.title}” is live in the feed.` });
        } catch (error) {
          fail('Not published')(error);
        }
      }),
    unpublish: (id: string) =>
      guard('unpublishArticle', async () => {
        try {
          const res = await unpublish.mutateAsync({ id });
          refresh(res.article);
          notifications.show({ color: 'gray', title: 'Unpublished', message: `“${res.article.title}” is a draft again and left the feed.` });
        } catch (error) {
          fail('Not unpublished')(error);
        }
      }),
    remove: (id: string, title: string) =>
      guard('deleteArticle', async () => {
        try {
          await remove.mutateAsync({ id });
          utils.seo.article.setData({ id }, undefined);
          refresh();
          notifications.show({ color: 'gray', title: 'Article deleted', message: `“${title}” was deleted.` });
          return true;
        } catch (error) {
          fail('Not deleted')(error);
          return false;
        }
      }),
    exportOne: (id: string, format: 'markdown' | 'html') =>
      guard('exportArticle', async () => {
        try {
          const file = await utils.client.seo.exportArticle.query({ id, format });
          downloadText(file.filename, file.mimeType, file.content);
        } catch (error) {
          fail('Export failed')(error);
        }
      }),
    exportAll: (format: 'markdown' | 'html') =>
      guard('exportArticles', async () => {
        try {
          const res = await utils.client.seo.exportAll.query({ id: seoProjectId, format });
          if (!res.files.length) {
            notifications.show({
              color: 'yellow',
              title: 'Nothing to export',
              message: 'Finished articles (ready, scheduled or published) are exported.',
            });
            return;
          }
          downloadText(res.combined.filename, res.combined.mimeType, res.combined.content);
          notifications.show({
            color: 'teal',
            title: 'Exported',
            message: `${res.files.length} article${res.files.length === 1 ? '' : 's'} in ${res.combined.filename}.`,
          });
        } catch (error) {
          fail('Export failed')(error);
        }
      }),
  };
}
