/**
 * PostgreSQL errors a client's request can cause, as the one error type. Both drivers (PGlite and
 * node-postgres) raise errors that carry the SQLSTATE as `code` with `table`, `column`,
 * `constraint` and `detail`; drizzle may wrap them (DrizzleQueryError) with the driver's error as
 * `cause`. The answer names fields and resources, never SQL, values or constraint names.
 */
import { AppError } from './errors.ts';

/** The fields of a driver's error this module reads (pg-protocol's DatabaseError, in both drivers). */
export type TDatabaseError = Error & { code: string; severity?: string; table?: string; column?: string; constraint?: string; detail?: string };

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Values the shared input checks let through but the database cannot store or read: out of range,
 * invalid text or date, bad encoding, a negative LIMIT/OFFSET, a value too large for an index row.
 */
const VALUE_CODES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '2201W', '2201X', '54000']);
const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';
const NOT_NULL_VIOLATION = '23502';
const CHECK_VIOLATION = '23514';

/** The driver's error behind `error`: itself, or the first error down its `cause` chain that carries a SQLSTATE. */
export function findDatabaseError(error: unknown): TDatabaseError | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isDatabaseError(current)) return current;
    current = current.cause;
  }
  return undefined;
}

/** A server's error: a SQLSTATE `code`, and a `severity`, which tells it from a Node system error whose code also has five letters (EPIPE). */
function isDatabaseError(error: Error): error is TDatabaseError {
  return 'code' in error && typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error && typeof error.severity === 'string';
}

/** A unique constraint refused the write (a race that a check before the insert cannot close). */
export const isUniqueViolation = (error: unknown): boolean => findDatabaseError(error)?.code === UNIQUE_VIOLATION;

/** `lot_id` -> `lotId`: the API field of a column (API fields are the camelCase column names). */
const fieldOf = (column: string) => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** The columns a constraint's detail names: `Key (city_id, code)=(...) ...` -> ['city_id', 'code']. */
function keyColumnsOf(detail: string | undefined): string[] {
  const match = /\(([^()]+)\)=/.exec(detail ?? '');
  return match ? match[1].split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [];
}

/**
 * A foreign-key violation is either a delete (or key change) of a row that rows of `table` still
 * refer to, or a write to `table` that refers to a row that does not exist. PostgreSQL tells them
 * apart in its message only; with messages in another language, the first table the message
 * quotes is the referenced one in the first case and `table` itself in the second.
 */
function isStillReferenced(error: TDatabaseError): boolean {
  if (/^update or delete on table/i.test(error.message)) return true;
  if (/^insert or update on table/i.test(error.message)) return false;
  const firstQuoted = /"([^"]+)"/.exec(error.message)?.[1];
  return firstQuoted !== undefined && firstQuoted !== error.table;
}

/**
 * The AppError of a database error the client caused, or undefined for any other failure (a bug,
 * the database down: a 500 that is logged). `resourceOf` gives the readable name of a table (the
 * collection that serves it).
 */
export function databaseErrorToAppError(error: unknown, resourceOf: (table: string) => string): AppError | undefined {
  const dbError = findDatabaseError(error);
  if (!dbError) return undefined;
  switch (dbError.code) {
    case FOREIGN_KEY_VIOLATION: {
      if (isStillReferenced(dbError)) {
        const user = dbError.table ? resourceOf(dbError.table) : 'other records';
        return new AppError('IN_USE', `This record is still used by ${user}: change or remove those first`, { details: [{ path: '_id', message: `still used by ${user}`, value: user }] });
      }
      const fields = keyColumnsOf(dbError.detail).map(fieldOf);
      return new AppError('VALIDATION_FAILED', 'A field refers to a record that does not exist', {
        details: (fields.length > 0 ? fields : ['']).map((path) => ({ path, message: 'refers to a record that does not exist' })),
      });
    }
    case UNIQUE_VIOLATION: {
      // Two writers racing past a uniqueness check meet the database constraint: a conflict, not a crash.
      const fields = keyColumnsOf(dbError.detail).map(fieldOf);
      return new AppError(
        'DUPLICATE',
        'A record with the same unique value already exists',
        fields.length > 0 ? { details: fields.map((path) => ({ path, message: 'already used by another record' })) } : {},
      );
    }
    case NOT_NULL_VIOLATION:
      return new AppError('VALIDATION_FAILED', 'A required field is missing', { details: [{ path: dbError.column ? fieldOf(dbError.column) : '', message: 'is required' }] });
    case CHECK_VIOLATION:
      return new AppError('VALIDATION_FAILED', 'A value breaks a rule of the record', { details: [{ path: '', message: 'breaks a rule of the record' }] });
    default:
      return VALUE_CODES.has(dbError.code) ? new AppError('VALIDATION_FAILED', 'A value is out of range or cannot be stored') : undefined;
  }
}
