import { MESSAGES } from '@atelier/shared';
import { authStore, refreshAfterUnauthorized } from '../../lib/auth/store';
import { ApiError, logRequestError } from '../../lib/http';

export interface ExportProgress {
  bytes: number;
  rows: number;
}

export interface ExportFilter {
  from: string;
  to: string;
  type?: 'image' | 'video' | 'audio' | 'text' | undefined;
}

function exportUrl(filter: ExportFilter): string {
  const params = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.type) params.set('type', filter.type);
  return `/api/analytics/admin/usage/export?${params.toString()}`;
}

function filenameOf(response: Response, filter: ExportFilter): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? `atelier-usage-${filter.from}-to-${filter.to}.csv`;
}

async function request(url: string): Promise<Response> {
  const send = (token: string | null) => fetch(url, { credentials: 'include', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const token = authStore.getState().accessToken;
  let response = await send(token);
  // §4: a 401 on an authenticated call is retried once after a refresh.
  if (response.status === 401 && token && (await refreshAfterUnauthorized(token))) response = await send(authStore.getState().accessToken);
  return response;
}

/**
 * Downloads the usage CSV (a stream on the server) as a blob, reporting the bytes and rows
 * received as they arrive, then hands it to the browser as a file download.
 */
export async function downloadUsageCsv(
  filter: ExportFilter,
  onProgress: (p: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ filename: string; rows: number }> {
  const url = exportUrl(filter);
  let response: Response;
  try {
    response = await request(url);
  } catch (error) {
    logRequestError('GET', url, 'network-error', error);
    throw new ApiError(MESSAGES.genericError, 0, undefined);
  }
  if (!response.ok) {
    let message: string = MESSAGES.genericError;
    let code: string | undefined;
    try {
      const body = (await response.json()) as { error?: { message?: string; code?: string } };
      message = body.error?.message ?? message;
      code = body.error?.code;
    } catch {
      /* not JSON */
    }
    logRequestError('GET', url, response.status, message);
    throw new ApiError(message, response.status, code);
  }
  const reader = response.body?.getReader();
  if (!reader) throw new ApiError(MESSAGES.genericError, response.status, 'BAD_RESPONSE');
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let newlines = 0;
  for (;;) {
    if (signal?.aborted) {
      await reader.cancel();
      throw new DOMException('The download was cancelled', 'AbortError');
    }
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines += 1;
    onProgress({ bytes, rows: Math.max(0, newlines - 1) });
  }
  const blob = new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' });
  const filename = filenameOf(response, filter);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
  return { filename, rows: Math.max(0, newlines - 1) };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
