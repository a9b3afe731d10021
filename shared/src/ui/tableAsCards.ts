import { css, type Theme } from '@emotion/react';
import { visuallyHidden } from './visuallyHidden';

/**
 * A table's rows as cards, for a phone (put it inside the caller's phone media query): one card per row
 * in two columns, each cell under its column's name (the cell's `data-label`), the header kept for
 * screen readers only, so every figure and the row's action are on screen without scrolling sideways.
 * `cells` names the cell selectors to reset (the caller's own classes, which set widths or alignment
 * for the table, must be listed to be outweighed). The market page's trades and the portfolio's tables.
 */
export function tableAsCards(theme: Theme, { gap, padding, cells }: { gap: string; padding: string; cells: string }) {
  return css`
    &,
    tbody,
    tr,
    td {
      display: block;
    }
    thead {
      ${visuallyHidden}
    }
    tbody tr {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      gap: ${gap};
      padding: ${padding};
    }
    ${cells} {
      min-width: 0;
      max-width: none;
      padding: 0;
      border: 0;
      text-align: start;
      white-space: normal;
      overflow-wrap: anywhere;
    }
    td[data-label]::before {
      content: attr(data-label);
      display: block;
      color: ${theme.colors.textMuted};
      font-size: ${theme.font.size.xs};
    }
  `;
}
