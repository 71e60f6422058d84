import { isTaxRuleError, type TTaxRuleErrorCode } from '@app/domain/tourist-tax/errors';
import { AppError, type TErrorDetail } from '../../../lib/errors.ts';

/**
 * Tax-rule errors keep their code in the API, and its status comes from the one table like every
 * code: conflicts between saved rules are 409; a comune whose rules do not price a night (or price
 * it twice) is 422 (the request is well-formed, the rules are missing); the rest is the caller's
 * input, 400. A tax-rule code missing from the table does not compile here.
 */
const MESSAGES: Record<TTaxRuleErrorCode, string> = {
  INVALID_DATES: 'The check-out must be after the check-in',
  INVALID_COMPONENTS: 'The number of guests is not valid',
  INVALID_COUNT: 'An exemption or reduction count is not valid',
  TOO_MANY_EXEMPT_OR_REDUCED: 'Exempt and reduced guests are more than the guests of the stay',
  UNKNOWN_REDUCTION: 'The reduction does not exist in this comune',
  UNKNOWN_EXEMPTION: 'The exemption does not exist in this comune',
  NO_TARIFF_FOR_NIGHT: 'No tariff of the comune applies to a night of the stay',
  AMBIGUOUS_TARIFF: 'Two tariffs of the comune apply equally to a night of the stay',
  MISSING_ACCOMMODATION_AMOUNT: 'A percentage tariff applies: enter the accommodation amount',
  INVALID_ACCOMMODATION_AMOUNT: 'The accommodation amount is not valid',
  INVALID_RULE: 'A tariff or reduction of the comune is not valid',
  TARIFF_CONFLICT: 'This tariff overlaps another tariff of the same comune',
  REDUCTION_CONFLICT: 'This reduction duplicates another reduction of the same comune',
};

/** Engine paths (`appliedExemptions[0].count`, `accommodationAmountCents`) in API form. */
function apiPath(path: string): string {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\[([^\]]+)\]/g, '.$1')
    .replace(/Cents$/, '')
    .replace(/^\./, '');
}

export function taxRuleErrorToAppError(error: unknown, pathPrefix = ''): unknown {
  if (!isTaxRuleError(error)) return error;
  const details: TErrorDetail[] = error.details.map((d) => ({
    path: pathPrefix + apiPath(d.path),
    message: d.message,
    ...(error.date ? { value: error.date } : error.conflictingId ? { value: error.conflictingId } : {}),
  }));
  let message = MESSAGES[error.code] ?? error.message;
  if (error.date) message = `${message} (${error.date})`;
  // A conflict names the other rule in the message too, so a generic error toast is still useful.
  else if (error.conflictingId && error.details[0]) message = `${message}: ${error.details[0].message}`;
  return new AppError(error.code, message, { details, cause: error });
}

/** Runs `fn`, turning a TaxRuleError into the matching AppError. */
export function withTaxErrors<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw taxRuleErrorToAppError(error);
  }
}
