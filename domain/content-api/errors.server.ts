// The content API's errors, in Strapi v4's shape: { data: null, error: { status, name, message } }.

export type ApiErrorName =
  | "ValidationError"
  | "UnauthorizedError"
  | "NotFoundError"
  | "ForbiddenError"
  | "MethodNotAllowedError"
  | "RateLimitError"
  | "ApplicationError"
  // Refusals by the server before the API sees a request (server/errors.ts).
  | "BadRequestError"
  | "RequestTimeoutError"
  | "PayloadTooLargeError";

export class ApiError extends Error {
  readonly status: number;
  readonly errorName: ApiErrorName;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    name: ApiErrorName,
    message: string,
    details: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.errorName = name;
    this.details = details;
    this.headers = headers;
  }

  toBody() {
    return {
      data: null,
      error: { status: this.status, name: this.errorName, message: this.message, details: this.details },
    };
  }
}
