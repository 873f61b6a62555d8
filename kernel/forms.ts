/** Names and shapes shared by forms in the browser and by the server that answers them. */

/** The hidden field people leave empty and form-filling bots fill in. */
export const HONEYPOT_FIELD = "website";

/** One choice of a select: what is posted, and what the list shows. */
export type Choice = { value: string; label: string };
