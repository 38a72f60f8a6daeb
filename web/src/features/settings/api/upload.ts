import { ApiError, TOKEN_KEY } from '@/api/client';

/**
 * apiUpload sends a file as the raw request body with the stored bearer token and reports
 * how much of it has gone (0–1), which fetch cannot (so it lives with the one page that
 * uploads this way, off the first load): a backup of many photos takes a while on
 * a slow link. The answer is parsed as JSON; a non-OK response is raised as an ApiError.
 */
export function apiUpload<T>(url: string, file: Blob, onProgress?: (sent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    let token: string | null = null;
    try {
      token = window.localStorage.getItem(TOKEN_KEY);
    } catch {
      // no storage: no token
    }
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.statusText, text));
        return;
      }
      try {
        resolve((text ? JSON.parse(text) : undefined) as T);
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    xhr.onerror = () => reject(new Error('The upload failed: check your connection and try again.'));
    xhr.send(file);
  });
}
