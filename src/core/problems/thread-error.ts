/** An error as it crosses the thread boundary: its `code`, `path`, `stack` and `cause` kept. */
export interface ThreadError {
  message: string;
  stack?: string;
  code?: string;
  syscall?: string;
  path?: string;
  cause?: ThreadError;
}

export function toThreadError(cause: unknown): ThreadError {
  const error: NodeJS.ErrnoException = cause instanceof Error ? cause : new Error(String(cause));
  return {
    message: error.message,
    stack: error.stack,
    code: error.code,
    syscall: error.syscall,
    path: error.path,
    cause: error.cause === undefined ? undefined : toThreadError(error.cause),
  };
}

export function fromThreadError(sent: ThreadError): Error {
  const error = new Error(sent.message, sent.cause ? { cause: fromThreadError(sent.cause) } : undefined) as NodeJS.ErrnoException;
  if (sent.stack) error.stack = sent.stack;
  if (sent.code) error.code = sent.code;
  if (sent.syscall) error.syscall = sent.syscall;
  if (sent.path) error.path = sent.path;
  return error;
}
