import type { Locale } from '../../shared/constants';
import { formatPercentValue, numberFormat } from '../../shared/intl';
import { formatAmount, formatDay } from '../../shared/portfolio/ratios';
import type { AgingBucket } from '../../shared/servicing';
import { bucketLabel } from '../../shared/servicing/buckets';
import type { TFunction } from '../i18n';

/** How the servicing screens write amounts, days, rates and buckets, in the language they are read in. */
export const money = (value: number | null, locale: Locale) => formatAmount(value, locale);
export const day = (value: string | null, locale: Locale) => formatDay(value, locale);

/** An annual rate in percent (`6,5 %` / `6.5%`), with the three decimals a rate keeps. */
export const percent = (rate: number, locale: Locale) => formatPercentValue(rate, locale);

export const count = (value: number, locale: Locale) => numberFormat(locale).format(value);

/**
 * A bucket's name ("1–30 days") from its bounds in the buckets in force; a key no longer among them (the
 * buckets changed since) reads as the key rather than as nothing.
 */
export function bucketName(key: string | null, buckets: readonly AgingBucket[], t: TFunction): string | null {
  if (key === null) return null;
  const bucket = buckets.find((candidate) => candidate.key === key);
  if (!bucket) return key;
  const label = bucketLabel(bucket);
  return t(label.key, label.params);
}
