import type { Paginated } from '@promovente/shared';

export const paginate = <T>(rows: T[], total: number, page: number, perPage: number): Paginated<T> => {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? null : (page - 1) * perPage + 1;
  return {
    data: rows,
    current_page: page,
    last_page: lastPage,
    from,
    to: from === null ? null : from + rows.length - 1,
    total,
  };
};
