/** The dashboard's own words (spec 1 §8 for the error and empty texts). */
export const DASHBOARD_TEXT = {
  profileFailed: "Could not fetch profile details.",
  financialFailed: "Could not load financial summary.",
  financialEmpty: "No financial summary available at this time.",
  walletHint: "Available for minutes and SMS",
} as const;

/** The welcome header: a first visit (the account has signed in once) or a returning one. */
export function welcomeTitle(name: string, firstVisit: boolean): string {
  const first = name.trim().split(/\s+/)[0] || "there";
  return firstVisit ? `Welcome, ${first}` : `Welcome back, ${first}`;
}

export function welcomeSubtitle(firstVisit: boolean): string {
  return firstVisit
    ? "Your account is ready. Your #Codes, leads, billing and support live here."
    : "Everything for your #Codes, leads and billing in one place.";
}
