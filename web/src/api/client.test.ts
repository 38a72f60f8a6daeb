import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, server } from '@/testing/server';
import { ApiError, apiJSON, apiRequest, getErrorMessage, getFieldErrors } from './client';
import { fetcher, fetcherOrNullOn401 } from './fetcher';

function captureFetch(response: Response = new Response('{}', { status: 200 })) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);
}

describe('apiRequest', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends credentials and no Authorization or Content-Type without token and body', async () => {
    const spy = captureFetch();
    await apiRequest('GET', '/api/things');
    const [url, init] = spy.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init?.credentials).toBe('include');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
    expect(init?.body).toBeUndefined();
  });

  it('adds the stored bearer token', async () => {
    window.localStorage.setItem('token', 'abc123');
    const spy = captureFetch();
    await apiRequest('POST', '/api/logout');
    const headers = spy.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc123');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('sends JSON with a JSON content type only when a body is present', async () => {
    const spy = captureFetch();
    await apiRequest('POST', '/api/login', { username: 'ann', password: 'secret1' });
    const init = spy.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"username":"ann","password":"secret1"}');
  });

  it('sends FormData as multipart, leaving the content type to the browser', async () => {
    const spy = captureFetch();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await apiRequest('POST', '/api/upload/image', form);
    const init = spy.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('raises "<status>: <body text>" for a non-OK answer', async () => {
    server.use(
      http.get('*/api/broken', () =>
        HttpResponse.json({ message: 'Plant limit reached', code: 'limit_reached' }, { status: 403 }),
      ),
    );
    const error = await apiRequest('GET', '/api/broken').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('403: {"message":"Plant limit reached","code":"limit_reached"}');
    expect((error as ApiError).status).toBe(403);
    expect(getErrorMessage(error, 'fallback')).toBe('Plant limit reached');
  });

  it('raises "<status>: <status text>" when the body is empty', async () => {
    server.use(http.get('*/api/empty', () => new HttpResponse(null, { status: 502, statusText: 'Bad Gateway' })));
    const error = await apiRequest('GET', '/api/empty').catch((e: unknown) => e);
    expect((error as Error).message).toBe('502: Bad Gateway');
    expect(getErrorMessage(error, 'Something failed')).toBe('Something failed');
  });
});

describe('apiJSON', () => {
  it('parses JSON and answers undefined for 204', async () => {
    server.use(
      http.get('*/api/thing', () => HttpResponse.json({ id: 1 })),
      http.delete('*/api/thing', () => new HttpResponse(null, { status: 204 })),
    );
    await expect(apiJSON('GET', '/api/thing')).resolves.toEqual({ id: 1 });
    await expect(apiJSON('DELETE', '/api/thing')).resolves.toBeUndefined();
  });
});

describe('getErrorMessage and getFieldErrors', () => {
  it('reads the message of a plain Error in the "<status>: <body>" format', () => {
    expect(getErrorMessage(new Error('409: {"message":"Already impersonating"}'), 'x')).toBe('Already impersonating');
    expect(getErrorMessage(new Error('500: Internal Server Error'), 'fallback')).toBe('fallback');
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(getErrorMessage('nope', 'fallback')).toBe('fallback');
  });

  it('returns the field errors of a 400 answer', () => {
    const error = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({ message: 'Invalid input', errors: { username: 'Username must be at least 3 characters' } }),
    );
    expect(getFieldErrors(error)).toEqual({ username: 'Username must be at least 3 characters' });
    expect(getFieldErrors(new Error('x'))).toEqual({});
  });
});

describe('SWR fetchers', () => {
  it('the default fetcher raises on 401; the variant answers null', async () => {
    server.use(http.get('*/api/user', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })));
    await expect(fetcher('/api/user')).rejects.toThrow('401: {"message":"Not authenticated"}');
    await expect(fetcherOrNullOn401('/api/user')).resolves.toBeNull();
  });

  it('the null-on-401 variant still raises other errors', async () => {
    server.use(http.get('*/api/user', () => HttpResponse.text('boom', { status: 500 })));
    await expect(fetcherOrNullOn401('/api/user')).rejects.toThrow('500: boom');
  });
});
