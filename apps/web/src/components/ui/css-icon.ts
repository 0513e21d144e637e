/** The icons index.css draws as a mask (see there): a row icon that costs no element. */
export type CssIconName = 'check' | 'minus' | 'ellipsis' | 'file-text' | 'arrow-up-down' | 'arrow-up' | 'arrow-down';

/** Classes that draw the icon before the element's content, or after it with `end`. */
export const cssIcon = (name: CssIconName, end = false) => `${end ? 'css-icon-end' : 'css-icon'} icon-${name}`;

/** The row's 'Actions' button (its menu trigger): the ellipsis drawn by CSS, the name in aria-label. */
export const ROW_ACTIONS_BUTTON = `inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 ${cssIcon('ellipsis')}`;
