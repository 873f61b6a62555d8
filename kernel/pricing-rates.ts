/**
 * The fixed prices of the product, in integer cents: the floor of every monthly fee and the usage prices. A
 * territory may scale minutes and SMS by its multipliers; the web-form lead price is the same everywhere.
 */

/** The default minimum monthly fee: $95.00. */
export const MINIMUM_MONTHLY_FEE_CENTS = 9_500;

/** Usage prices: $0.05 a minute and $0.02 an SMS before a territory's multipliers, $0.50 a web-form lead. */
export const USAGE_BASE_RATES_CENTS = { perMinute: 5, perSms: 2, perWebFormLead: 50 } as const;

export type UsageRatesCents = typeof USAGE_BASE_RATES_CENTS;
