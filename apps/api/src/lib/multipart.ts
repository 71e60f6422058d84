import { AppError } from './errors.ts';
import { errorCodeOf } from './guards.ts';

/** Errors a program makes, not a request: they stay 500s and are logged. */
const isProgrammingError = (error: unknown) => error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError || error instanceof SyntaxError;

/**
 * The AppError of a failure while reading the parts of a multipart request (every upload route
 * reads its parts in a loop and passes what it catches here): a file beyond `maxBytes` is 413; too
 * many parts, a data part that is not JSON, a part named after a prototype property, or a body that
 * is not multipart at all (the parser's "Unexpected end of multipart data", "Malformed part header")
 * is 400. An AppError thrown by the loop, a programming error and a failure of the server's own file
 * system (it carries `syscall`) pass unchanged.
 */
export function multipartReadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError || isProgrammingError(error) || !(error instanceof Error) || 'syscall' in error) return error;
  const code = errorCodeOf(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${maxBytes} bytes`, {
      params: { maxBytes: maxBytes },
      details: [{ path: 'file', message: `at most ${maxBytes} bytes` }],
    });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('VALIDATION_FAILED', 'The request has more parts than expected', { details: [{ path: 'file', message: 'too many parts' }] });
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return new AppError('VALIDATION_FAILED', 'The data part is not valid JSON', { details: [{ path: 'data', message: 'must be JSON' }] });
  if (code === 'FST_PROTO_VIOLATION') return new AppError('VALIDATION_FAILED', 'Invalid part name', { details: [{ path: 'file', message: 'invalid part name' }] });
  return new AppError('VALIDATION_FAILED', 'The multipart body cannot be read', { details: [{ path: 'file', message: 'multipart/form-data expected' }] });
}
