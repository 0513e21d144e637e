import { describe, expect, it } from 'vitest';
import { isAcceptedPage, paginationItems } from './pagination';

describe('paginationItems', () => {
  it('shows every page when there are fewer than 8', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows nothing without pages', () => {
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('shows 1, 2, 3, an ellipsis and the last three near the edges', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 'ellipsis', 18, 19, 20]);
    expect(paginationItems(3, 20)).toEqual([1, 2, 3, 'ellipsis', 18, 19, 20]);
    expect(paginationItems(19, 20)).toEqual([1, 2, 3, 'ellipsis', 18, 19, 20]);
  });

  it('shows a window around the current page in the middle', () => {
    expect(paginationItems(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
  });

  it('shows a lone hidden page instead of an ellipsis', () => {
    expect(paginationItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(paginationItems(8, 8)).toEqual([1, 2, 3, 'ellipsis', 6, 7, 8]);
  });

  it('clamps a current page outside the range', () => {
    expect(paginationItems(99, 10)).toEqual([1, 2, 3, 'ellipsis', 8, 9, 10]);
  });
});

describe('isAcceptedPage', () => {
  it('accepts only whole pages from 1 to the last page', () => {
    expect(isAcceptedPage(1, 5)).toBe(true);
    expect(isAcceptedPage(5, 5)).toBe(true);
    expect(isAcceptedPage(0, 5)).toBe(false);
    expect(isAcceptedPage(6, 5)).toBe(false);
    expect(isAcceptedPage(2.5, 5)).toBe(false);
  });
});
