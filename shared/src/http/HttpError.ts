export type HttpErrorKind = 'timeout' | 'status' | 'network' | 'api';

export interface HttpErrorInit {
  readonly kind: HttpErrorKind;
  readonly messageKey: string;
  readonly message: string;
  readonly status?: number;
  /** The api's `code` for kind 'api'. */
  readonly code?: number;
  /** Values for the message key's placeholders, e.g. `{ status }`. */
  readonly values?: Readonly<Record<string, string | number>>;
  /** The api's stable message key (`api.error.<key>`, api/README "Error catalogue") when it sent one. */
  readonly apiKey?: string;
  /** The body field the api's failure names (`extra.field`, dotted: "options.1"), when it names one. */
  readonly field?: string;
  /** The api's `extra.details` (e.g. a refused text's `reason`, an `api.moderation.<key>`). */
  readonly details?: Readonly<Record<string, unknown>>;
  readonly cause?: unknown;
}

export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly messageKey: string;
  readonly status: number | undefined;
  readonly code: number | undefined;
  readonly values: Readonly<Record<string, string | number>>;
  readonly apiKey: string | undefined;
  readonly field: string | undefined;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(init: HttpErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'HttpError';
    this.kind = init.kind;
    this.messageKey = init.messageKey;
    this.status = init.status;
    this.code = init.code;
    this.values = init.values ?? {};
    this.apiKey = init.apiKey;
    this.field = init.field;
    this.details = init.details ?? {};
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}
