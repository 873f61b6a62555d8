/** Names shared by public forms in the browser and their guard on the server. */

/** The hidden field people leave empty and form-filling bots fill in. */
export const HONEYPOT_FIELD = "website";
