import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColumnsMenu } from './ColumnsMenu';
import { DataTable, stickyOffsets } from './DataTable';

type Row = { id: number; name: string; price: string };
const ROWS: Row[] = [
  { id: 1, name: 'A-101', price: "850'000 CHF" },
  { id: 2, name: 'A-102', price: "910'000 CHF" },
];

describe('DataTable', () => {
  afterEach(cleanup);

  it('places the leading sticky columns side by side, and no later one', () => {
    expect(stickyOffsets([{ sticky: { width: 44 } }, { sticky: { width: 100 } }, {}, { sticky: { width: 60 } }])).toEqual([
      0,
      44,
      null,
      null,
    ]);
    expect(stickyOffsets([{}, { sticky: { width: 40 } }])).toEqual([null, null]);
  });

  it('scrolls inside a named, focusable region, keeps the identity column (from 640 px) and the actions at the edges', () => {
    render(
      <DataTable<Row>
        label="Tableau des lots"
        columns={[
          { key: 'name', label: 'Lot', sort: 'reference', sticky: { width: 120 } },
          { key: 'price', label: 'Prix', numeric: true },
        ]}
        rows={ROWS}
        rowKey={(row) => row.id}
        sort={{ orderBy: null, order: null }}
        onSort={() => {}}
        cell={(key, row) => (key === 'name' ? row.name : row.price)}
        actions={(row) => <button type="button">Actions du lot {row.name}</button>}
      />,
    );
    const region = screen.getByRole('region', { name: 'Tableau des lots' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.className).toContain('overflow-x-auto');
    const headers = within(region).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Lot', 'Prix', 'Actions']);
    // Sticky at its width on a screen from 640 px; a phone scrolls it with the others at its content's width, and so does paper.
    expect(headers[0].className.split(' ')).toEqual(
      expect.arrayContaining(['sticky-columns:sticky', 'sticky-columns:left-(--sticky-left)', 'sticky-columns:w-(--sticky-width)']),
    );
    expect(headers[0].className.split(' ')).not.toContain('sticky');
    expect(headers[0].style.getPropertyValue('--sticky-left')).toBe('0px');
    expect(headers[0].style.getPropertyValue('--sticky-width')).toBe('120px');
    const firstCell = within(region).getByRole('cell', { name: 'A-101' });
    expect(firstCell.className).toContain('sticky-columns:sticky');
    expect(within(region).getByRole('cell', { name: "850'000 CHF" }).className).not.toContain('sticky');
    const actionsCell = within(region).getByRole('button', { name: 'Actions du lot A-101' }).closest('td');
    expect(actionsCell?.className).toContain('right-0');
    expect(actionsCell?.className.split(' ')).toContain('sticky');
    // Printed, the actions are left out (issue 18, item 10).
    expect(actionsCell?.className.split(' ')).toContain('print:hidden');
  });
});

describe('ColumnsMenu', () => {
  afterEach(cleanup);

  it('offers a French checkbox per column the user may hide, never the identity columns', () => {
    const onToggle = vi.fn();
    render(
      <ColumnsMenu
        columns={[
          { key: 'lot', label: 'Lot', alwaysShown: true },
          { key: 'floor', label: 'Étage' },
          { key: 'price', label: 'Prix' },
        ]}
        hidden={['floor']}
        onToggle={onToggle}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Colonnes' });
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    const menu = screen.getByRole('menu', { name: 'Colonnes' });
    const boxes = within(menu).getAllByRole('menuitemcheckbox');
    expect(boxes.map((box) => box.textContent)).toEqual(['Étage', 'Prix']);
    expect(boxes.map((box) => box.getAttribute('aria-checked'))).toEqual(['false', 'true']);
    fireEvent.click(boxes[1]);
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ key: 'price' }), false);
    // The menu stays open for the next choice.
    expect(screen.getByRole('menu', { name: 'Colonnes' })).toBeTruthy();
  });
});
