/**
 * Google's error bodies, as its APIs send them.
 *
 * Calendar API (https://developers.google.com/calendar/api/guides/errors):
 * `{"error": {"errors": [{"domain", "reason", "message", "locationType"?, "location"?}], "code", "message", "status"}}`.
 * OAuth 2.0 token endpoint (RFC 6749 section 5.2, https://developers.google.com/identity/protocols/oauth2/web-server):
 * `{"error": "invalid_grant", "error_description": "..."}`.
 */

const STATUS_OF: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  410: 'FAILED_PRECONDITION',
};

export class GoogleApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly domain = 'global',
    readonly location?: { type: 'header' | 'parameter'; name: string },
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        errors: [
          {
            domain: this.domain,
            reason: this.reason,
            message: this.message,
            ...(this.location ? { locationType: this.location.type, location: this.location.name } : {}),
          },
        ],
        code: this.code,
        message: this.message,
        status: STATUS_OF[this.code] ?? 'UNKNOWN',
      },
    };
  }
}

export const invalidCredentials = () =>
  new GoogleApiError(401, 'authError', 'Invalid Credentials', 'global', { type: 'header', name: 'Authorization' });

export const notFound = () => new GoogleApiError(404, 'notFound', 'Not Found');
export const deleted = () => new GoogleApiError(410, 'deleted', 'Resource has been deleted');
export const fullSyncRequired = () =>
  new GoogleApiError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.');
export const timeRangeEmpty = (location: string) =>
  new GoogleApiError(400, 'timeRangeEmpty', 'The specified time range is empty.', 'calendar', {
    type: 'parameter',
    name: location,
  });
export const required = (message: string) => new GoogleApiError(400, 'required', message);
export const invalid = (message: string) => new GoogleApiError(400, 'invalid', message);
export const badRequest = (message = 'Bad Request') => new GoogleApiError(400, 'badRequest', message);

/** An OAuth token endpoint error (RFC 6749 section 5.2). */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }

  body() {
    return { error: this.error, error_description: this.description };
  }
}
