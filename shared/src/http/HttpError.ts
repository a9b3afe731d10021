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
  readonly cause?: unknown;
}

export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly messageKey: string;
  readonly status: number | undefined;
  readonly code: number | undefined;
  readonly values: Readonly<Record<string, string | number>>;
  readonly apiKey: string | undefined;

  constructor(init: HttpErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'HttpError';
    this.kind = init.kind;
    this.messageKey = init.messageKey;
    this.status = init.status;
    this.code = init.code;
    this.values = init.values ?? {};
    this.apiKey = init.apiKey;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}
