import * as ContextMenu from '@radix-ui/react-context-menu';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Tooltip from '@radix-ui/react-tooltip';
import {
  cloneElement,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { ROW_ACTIONS_BUTTON } from './css-icon';

/*
 * The menus of a list's rows, mounted when a hand or the keyboard comes to them rather than with
 * each row: a Radix root per row (its context, its anchor, its listeners) cost the candidates
 * screen about 40 ms of its sort-to-paint for 50 rows (docs/performance.md, 'Lighthouse').
 */

/** The row a table's event happened in: its index among the rendered rows (`data-row`). */
const rowIndexOf = (target: EventTarget | null): { index: number; element: HTMLElement } | null => {
  const element = target instanceof Element ? target.closest<HTMLElement>('tr[data-row]') : null;
  return element ? { index: Number(element.dataset.row), element } : null;
};

type TableContextMenuProps<T> = {
  rows: readonly T[];
  /** The row's `ContextMenu.Content`, or null when it has none (the browser's own menu then). */
  content: (row: T) => ReactNode | null;
  /** The table's body, whose rows carry `data-row`. */
  children: ReactElement;
};

/**
 * One right-click menu for a whole table: it learns the row from the press (a right button, or a
 * finger held, which Radix opens after 700 ms) and shows that row's menu at the pointer. The row
 * is marked `data-state="open"` while its menu is open, as a row's own trigger would mark it.
 */
export const TableContextMenu = <T,>({ rows, content, children }: TableContextMenuProps<T>) => {
  const [menu, setMenu] = useState<{ row: T; element: HTMLElement } | null>(null);
  const [disabled, setDisabled] = useState(false);
  const pressed = useRef<{ row: T; element: HTMLElement } | null>(null);

  const pick = (event: PointerEvent | MouseEvent) => {
    const found = rowIndexOf(event.target);
    const row = found ? rows[found.index] : undefined;
    const hasMenu = row !== undefined && content(row) !== null;
    pressed.current = found && row !== undefined && hasMenu ? { row, element: found.element } : null;
    // Decided at the press, so that the contextmenu event that follows finds it.
    if (disabled === hasMenu) setDisabled(!hasMenu);
  };

  const onOpenChange = (open: boolean) => {
    menu?.element.removeAttribute('data-state');
    const next = open ? pressed.current : null;
    next?.element.setAttribute('data-state', 'open');
    setMenu(next);
  };

  return (
    <ContextMenu.Root modal={false} onOpenChange={onOpenChange}>
      <ContextMenu.Trigger asChild disabled={disabled} onPointerDown={pick} onContextMenu={pick}>
        {children}
      </ContextMenu.Trigger>
      <ContextMenu.Portal>{menu ? content(menu.row) : null}</ContextMenu.Portal>
    </ContextMenu.Root>
  );
};

type Approach = { mounted: boolean; open: boolean; focus: boolean };

/**
 * Whether a row's overlay is mounted yet, and how it was approached. A mouse that comes to the
 * element, or the keyboard's focus, mounts it at once (flushSync), before the press that follows;
 * a tap (no hover) or a key pressed on the plain element mounts it open. The mounted element takes
 * the focus when the plain one had it. A click's or a tap's focus mounts nothing: the element is
 * being pressed, and swapping it then would lose the press.
 */
const useMountOnApproach = <E extends HTMLElement>() => {
  const [state, setState] = useState<Approach>({ mounted: false, open: false, focus: false });
  const element = useRef<E>(null);
  useLayoutEffect(() => {
    if (state.focus) element.current?.focus();
  }, [state.focus]);
  return {
    ...state,
    element,
    mount: (open: boolean, target: Element) => setState({ mounted: true, open, focus: document.activeElement === target }),
    /** The handlers of the plain element. */
    approachHandlers: {
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') flushSync(() => setState({ mounted: true, open: false, focus: false }));
      },
      onFocus: (event: FocusEvent) => {
        if (event.currentTarget.matches(':focus-visible')) flushSync(() => setState({ mounted: true, open: false, focus: true }));
      },
    },
  };
};

/** The keys that open a menu from its button (as Radix's trigger reads them). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

type RowActionsMenuProps = {
  /** The button's accessible name, e.g. 'Actions du lot A-101'. */
  label: string;
  /** The menu's `DropdownMenu.Content`, made when it opens. */
  content: () => ReactNode;
};

/**
 * A row's 'Actions' button: a plain button until a pointer or the focus comes to it, then the
 * Radix menu's trigger in its place (see useMountOnApproach); a tap or a key opens it at once.
 */
export const RowActionsMenu = ({ label, content }: RowActionsMenuProps) => {
  const { mounted, open, element, mount, approachHandlers } = useMountOnApproach<HTMLButtonElement>();
  if (!mounted) {
    return (
      <button
        type="button"
        className={ROW_ACTIONS_BUTTON}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        {...approachHandlers}
        onPointerDown={(event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          // As Radix's trigger does: the press opens the menu and does not move the focus.
          event.preventDefault();
          mount(true, event.currentTarget);
        }}
        onKeyDown={(event) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          mount(true, event.currentTarget);
        }}
      />
    );
  }
  return (
    <DropdownMenu.Root modal={false} defaultOpen={open}>
      <DropdownMenu.Trigger ref={element} className={ROW_ACTIONS_BUTTON} aria-label={label} />
      <DropdownMenu.Portal>{content()}</DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};

type RowTooltipProps = {
  /** The focusable element the tooltip describes (a link, a button), which takes a ref. */
  children: ReactElement<{ onPointerEnter?: (event: PointerEvent) => void; onFocus?: (event: FocusEvent) => void }>;
  /** The tooltip's `Tooltip.Content`. */
  content: ReactNode;
};

/** How long a pointer rests on an element before its tooltip shows (the tables' Tooltip.Provider). */
const TOOLTIP_DELAY_MS = 200;

/**
 * A tooltip on an element of a row: mounted when a pointer or the focus comes to it (see
 * useMountOnApproach; a tap, which has no hover, shows none). Radix opens a tooltip when the
 * pointer moves over its trigger: for the mouse that brought it, it opens after the usual delay
 * if the mouse is still there; the keyboard's focus opens it at once.
 */
export const RowTooltip = ({ children, content }: RowTooltipProps) => {
  const { mounted, element, approachHandlers } = useMountOnApproach<HTMLElement>();
  const [open, setOpen] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!mounted) return;
    pending.current = setTimeout(() => {
      if (element.current?.matches(':hover')) setOpen(true);
    }, TOOLTIP_DELAY_MS);
    return () => clearTimeout(pending.current);
  }, [mounted, element]);
  if (!mounted) return cloneElement(children, approachHandlers);
  return (
    <Tooltip.Root open={open} onOpenChange={setOpen}>
      {/* A press (a click, the row's right-click menu) cancels the tooltip still to come, as Radix's own would. */}
      <Tooltip.Trigger asChild ref={element as RefObject<HTMLButtonElement>} onPointerDown={() => clearTimeout(pending.current)}>
        {children}
      </Tooltip.Trigger>
      <Tooltip.Portal>{content}</Tooltip.Portal>
    </Tooltip.Root>
  );
};
