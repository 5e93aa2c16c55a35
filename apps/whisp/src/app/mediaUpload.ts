import { NETWORK_ERROR_MESSAGE } from '@whisp/api-client';
import { client } from '../client';

/**
 * POST /api/posts/media through XMLHttpRequest rather than the client's fetch: only XHR reports
 * upload progress, which the compose dialog shows on each attachment.
 */
export function uploadMediaWithProgress(
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${client.baseUrl}/api/posts/media`);
    const token = client.tokenStore.get();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new Error(NETWORK_ERROR_MESSAGE));
    request.onload = () => {
      let body: { success?: boolean; media_urls?: string[]; message?: string } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A non-JSON answer falls through to the status message below.
      }
      const url = body.media_urls?.[0];
      if (request.status >= 200 && request.status < 300 && body.success !== false && url) {
        resolve(url);
      } else {
        reject(new Error(body.message ?? `HTTP ${request.status}: ${request.statusText}`));
      }
    };
    const form = new FormData();
    form.append('media', file, file.name);
    request.send(form);
  });
}
