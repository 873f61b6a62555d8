import type { Answer } from "#kernel/answers.ts";
import type { AdminContactRow, BoardCard, BoardColumn } from "#kernel/schemas/contacts-admin.ts";

/** What the contacts pages' actions answer a dialog, a move or a delete. */
export type ContactsAnswer = Answer;

/** A contact as the edit dialog needs it: the domain's row, from the list or the contact's page. */
export type ContactRowData = Omit<AdminContactRow, "territoryName" | "categoryName" | "createdAt" | "updatedAt">;

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

/** One card of the board, as the board shows it (without the date the loader sends as a string). */
export type BoardCardData = Omit<BoardCard, "createdAt">;

/** One column of the board, as the board shows it. */
export type BoardColumnData = Omit<BoardColumn, "cards"> & { cards: BoardCardData[] };
