/** A decimal string in the user's locale, exactly as stored (no float rounding). */
export function formatQuantity(value: string, locale: string): string {
  const [integer, decimals] = value.split('.');
  const grouped = BigInt(integer).toLocaleString(locale);
  const separator = (1.5).toLocaleString(locale).charAt(1);
  return decimals ? `${grouped}${separator}${decimals}` : grouped;
}
