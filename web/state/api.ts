/** JSON requests to the hub (same origin; the HttpOnly credential cookie rides along). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: { code?: string; message?: string }; session?: unknown },
  ) {
    super(body.error?.message ?? `HTTP ${status}`);
  }
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const data = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
  if (!response.ok) throw new ApiError(response.status, data as never);
  return data;
}
