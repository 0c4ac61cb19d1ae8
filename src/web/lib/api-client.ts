import type { z } from 'zod';
import { API_BASE_PATH } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { clearAuthToken, getAuthToken } from './auth-token.ts';

/**
 * The one HTTP client of the web app (DESIGN.md section 9): base /api/v1, JSON, bearer token from
 * localStorage.auth_token, and the French error text rules of spec 1 section 8.
 */

type TokenRejectedListener = () => void;
const tokenRejectedListeners = new Set<TokenRejectedListener>();

/**
 * Called when the server refuses the stored token (expired, revoked by a password change, signed
 * with another secret). The auth state listens to drop the session and refetch what was loaded
 * with it: otherwise a public query that failed with the bad token (the landing's featured
 * helpers) stays empty until a reload. Returns the unsubscribe function.
 */
export function onAuthTokenRejected(listener: TokenRejectedListener): () => void {
  tokenRejectedListeners.add(listener);
  return () => {
    tokenRejectedListeners.delete(listener);
  };
}

/**
 * Forgets `token` if it is still the stored one: an answer to a request sent with an older token
 * (before a new login) must not log the new session out.
 */
export function rejectAuthToken(token: string): void {
  if (getAuthToken() !== token) return;
  clearAuthToken();
  for (const listener of tokenRejectedListeners) listener();
}

/** An API answer that was not 2xx. `message` is the French text to show as is. */
export class ApiError extends Error {
  readonly status: number;
  /** The stable code of `{detail, code}` bodies (src/shared/error-codes.ts), null when absent. */
  readonly code: string | null;
  readonly body: unknown;

  constructor(message: string, status: number, code: string | null, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The error's French text when it is an ApiError, else the given fallback (spec: "server message or …"). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An item of a 422 list concerns an e-mail field when its location names one. */
function isEmailItem(item: Record<string, unknown>): boolean {
  const loc = Array.isArray(item.loc) ? item.loc : [];
  return loc.some((part) => typeof part === 'string' && /(^|_)email$/i.test(part));
}

function validationItemText(item: unknown): string {
  if (!isRecord(item)) return apiErrors.validationItem;
  if (isEmailItem(item)) return apiErrors.emailItem(apiErrors.emailExample);
  return typeof item.msg === 'string' && item.msg.trim() !== '' ? item.msg : apiErrors.validationItem;
}

/**
 * French text of an error body (spec 1 section 8, DESIGN.md section 9): `detail` when a string;
 * a validation list joined with ", "; any other `detail` serialised; else `message`; else "Erreur API".
 */
export function errorTextFromBody(body: unknown): string {
  if (!isRecord(body)) return apiErrors.fallback;
  const { detail, message } = body;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail.length > 0 ? detail.map(validationItemText).join(', ') : apiErrors.validationItem;
  }
  if (detail !== undefined && detail !== null) return JSON.stringify(detail);
  if (typeof message === 'string' && message !== '') return message;
  return apiErrors.fallback;
}

/** Reads an error response; an unreadable body gives "Une erreur est survenue". */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = (await response.json()) as unknown;
  } catch {
    return new ApiError(apiErrors.unreadable, response.status, null, null);
  }
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
  return new ApiError(errorTextFromBody(body), response.status, code, body);
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

/** `skip` and `limit` are sent only when non-zero (spec 1 section 7); empty values never. */
export function buildQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if ((key === 'skip' || key === 'limit') && Number(value) === 0) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function apiUrl(path: string, query?: QueryParams): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  return `${API_BASE_PATH}${normalised}${buildQueryString(query)}`;
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as JSON; a FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Parses the answer when given (one schema from src/shared on both sides). */
  schema?: Schema<T>;
};

/** How requests leave: the browser's fetch, or the server's in-process API while it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * The server-side renderer (entry-server.tsx) answers the pages' own fetchers from the API in the
 * same process. It renders as a visitor for every request, so one transport serves them all.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * A schema module loaded on first use, e.g. `() => import('#shared/schemas/x.ts').then((m) => m.XSchema)`:
 * keeps zod and the schemas out of the first page's bundle (DESIGN.md section 9). The import runs
 * while the request is in flight.
 */
export type LazySchema<T> = () => Promise<z.ZodType<T>>;
type Schema<T> = z.ZodType<T> | LazySchema<T>;

function send(path: string, options: RequestOptions<unknown>, token: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return transport(apiUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const loading = typeof options.schema === 'function' ? options.schema() : options.schema;
  // A read awaits its schema once the answer is in (both load side by side); until then a failed
  // import must not be reported as unhandled. A write awaits it first: a schema that cannot load
  // (a deploy replaced the files) must fail before the server acts, not report as failed a booking
  // or a message the server has taken.
  if (loading instanceof Promise) loading.catch(() => undefined);
  const schema = (options.method ?? 'GET') === 'GET' ? loading : await loading;
  const token = getAuthToken();
  let response = await send(path, options, token);
  if (!response.ok) {
    const error = await apiErrorFromResponse(response);
    if (!(token && error.status === 401 && error.code === ErrorCode.INVALID_TOKEN)) throw error;
    rejectAuthToken(token);
    // A read is asked again, as a visitor (or with the token of a login made meanwhile): public
    // content (the landing's featured helpers) then loads at once instead of failing with the token
    // the server just refused. Writes are not repeated: the person must log in again for them.
    if ((options.method ?? 'GET') !== 'GET') throw error;
    response = await send(path, options, getAuthToken());
    if (!response.ok) throw await apiErrorFromResponse(response);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  const parser = await schema;
  return parser ? parser.parse(data) : (data as T);
}

/** A read or write whose answer is used: parsed with its schema from src/shared (STYLE.md habit 4). */
type Parsed<T> = Omit<RequestOptions<T>, 'method' | 'body' | 'schema'> & { schema: Schema<T> };
/** A write whose answer is not used: it resolves with nothing, so no unparsed body can be read. */
type Unparsed = Omit<RequestOptions<never>, 'method' | 'body' | 'schema'>;

type Write = {
  <T>(path: string, body: unknown, options: Parsed<T>): Promise<T>;
  (path: string, body?: unknown, options?: Unparsed): Promise<void>;
};

function write(method: 'POST' | 'PUT' | 'PATCH'): Write {
  return (async (path: string, body?: unknown, options?: Parsed<unknown> | Unparsed) => {
    const result = await apiRequest(path, { ...options, method, body });
    return options && 'schema' in options ? result : undefined;
  }) as Write;
}

/**
 * The calls of the web app. Every answer that is used goes through its shared zod schema, so the
 * types of the client are the server's (no hand-written API type, no `api.get<T>` on trust).
 */
export const api = {
  get: <T>(path: string, options: Parsed<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: write('POST'),
  put: write('PUT'),
  patch: write('PATCH'),
  delete: async (path: string, options?: Unparsed): Promise<void> => {
    await apiRequest(path, { ...options, method: 'DELETE' });
  },
};

/** Multipart upload of one file (e.g. POST /users/me/avatar with the field `file`). */
export function apiUpload<T>(
  path: string,
  file: Blob,
  options: Parsed<T> & { fieldName?: string; fileName?: string },
): Promise<T> {
  const { fieldName = 'file', fileName, ...rest } = options;
  const form = new FormData();
  if (fileName) form.append(fieldName, file, fileName);
  else form.append(fieldName, file);
  return apiRequest<T>(path, { ...rest, method: 'POST', body: form });
}
