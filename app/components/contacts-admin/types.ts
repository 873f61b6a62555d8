import type { SubmissionResult } from "@conform-to/react";
import type { ContactStatus } from "#kernel/enums.ts";

/** What the contacts pages' actions answer a dialog, a move or a delete. */
export type ContactsAnswer =
  | { ok: true; title: string; message: string }
  | { ok: false; title?: string; message?: string; result?: SubmissionResult<string[]> };

export type Choice = { value: string; label: string };
export type ContactChoices = { territories: Choice[]; categories: Choice[] };

/** A contact as the edit dialog needs it (the loaders' plain data). */
export type ContactRowData = {
  id: string;
  name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  source: string;
  status: ContactStatus;
  notes: string | null;
  followUpDate: string | null;
  territoryId: string | null;
  categoryId: string | null;
};

/** The visible fields of the contact dialog, as the form holds them. */
export type ContactFields = {
  name: string;
  email: string;
  phone: string;
  company: string;
  subject: string;
  message: string;
  source: string;
  status: string;
  followUpDate: string;
  territoryId: string;
  categoryId: string;
  notes: string;
};

/** One card of the board (the loader's plain data). */
export type BoardCardData = {
  id: string;
  name: string | null;
  email: string;
  company: string | null;
  source: string;
  status: ContactStatus;
  followUpDate: string | null;
};
