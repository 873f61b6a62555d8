/** The first and last row numbers of a page ("Showing 26–50 of 312") and the page count. */
export function pageRange(query: { page: number; size: number }, total: number) {
  const pageCount = Math.max(1, Math.ceil(total / query.size));
  const from = total === 0 ? 0 : Math.min(total, (query.page - 1) * query.size + 1);
  const to = Math.min(total, query.page * query.size);
  return { from, to: Math.max(from, to), pageCount };
}
