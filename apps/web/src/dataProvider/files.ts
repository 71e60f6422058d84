import { buildUrl, interfaceLanguage, type TQueryValue } from './httpClient';
import { toHttpError, type TApiErrorBody } from './errors';
import { getSession } from '../session/store';

/*
 * Binary downloads and multipart uploads of the tourist-tax API. The shared JSON client reads
 * bodies as text, so files go through these two functions (same URL building, same bearer token,
 * same error mapping).
 */

function authHeaders(): Record<string, string> {
  const token = getSession()?.token;
  return token ? { Authorization: `Bearer ${token}`, 'Accept-Language': interfaceLanguage() } : { 'Accept-Language': interfaceLanguage() };
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match ? decodeURIComponent(match[1]) : fallback;
}

/** GET a file of the API (bearer token, API errors mapped like the JSON client's). */
async function fetchFile(path: string, query: Record<string, TQueryValue>): Promise<Response> {
  const response = await fetch(buildUrl(path, query), { headers: authHeaders() });
  if (!response.ok) {
    let body: TApiErrorBody | null;
    try {
      body = (await response.json()) as TApiErrorBody;
    } catch {
      body = null;
    }
    throw toHttpError(response.status, body);
  }
  return response;
}

/** The bytes of a file of the API, e.g. an image to show (an <img> cannot send the bearer token). */
export async function fetchFileBlob(path: string): Promise<Blob> {
  return (await fetchFile(path, {})).blob();
}

/** GET a file and hand it to the browser as a download. */
export async function downloadFile(path: string, query: Record<string, TQueryValue>, fallbackName: string): Promise<void> {
  const response = await fetchFile(path, query);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('Content-Disposition'), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type TUploadProgress = { loaded: number; total: number };

/**
 * POST multipart form data with XMLHttpRequest, the only browser API that reports upload progress.
 * Resolves with the JSON answer; rejects with the API error (code, message, details).
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (progress: TUploadProgress) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', buildUrl(path));
    for (const [name, value] of Object.entries(authHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(toHttpError(request.status, body as TApiErrorBody | null));
    };
    request.onerror = () => reject(toHttpError(0, null));
    request.send(form);
  });
}
