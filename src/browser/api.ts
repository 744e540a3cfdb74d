/** The site's own files, fetched as JSON: a 404 in the API's words (NotFound), anything else as an error. */

export const API = 'api/v1/';

export class NotFound extends Error {}

export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (response.status === 404) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string };
    throw new NotFound(body.detail ?? 'Not found.');
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}
