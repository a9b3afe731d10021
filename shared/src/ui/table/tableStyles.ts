import styled from '@emotion/styled';
import { tableAsCards } from '../tableAsCards';

/** A table that scrolls sideways on a narrow screen instead of squeezing its figures. */
export const TableScroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/**
 * The table's look. Cell classes (DataTable's columns set them): `num` (figures, aligned to the end),
 * `market` (an event's text: a readable width), `nowrap`, and on a phone's cards `wide`.
 */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};

  th,
  td {
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
    text-align: start;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    white-space: nowrap;
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  td.num,
  th.num {
    text-align: end;
  }
  /* em, not rem: the root font size is the page's design scale (100px on a desktop), not a text size. */
  td.market {
    min-width: 10em;
    max-width: 22em;
  }
  td.nowrap {
    white-space: nowrap;
  }
  tbody tr:last-of-type td {
    border-bottom: none;
  }
`;

/**
 * A Table that is a table from tablet up and, on a phone, a stack of cards as the market page's trades:
 * one card per row, each cell under its column's name (`data-label`), so every figure and the row's action
 * are on screen without scrolling sideways. Cells with the class `wide` take the card's whole width; the
 * issuer's texts (market, options) are shown whole there, not cut after a line or two.
 */
export const CardTable = styled(Table)`
  @media not all and ${({ theme }) => theme.breakpoints.tablet} {
    ${({ theme }) =>
      tableAsCards(theme, {
        gap: `${theme.spacing.sm} ${theme.spacing.md}`,
        padding: theme.spacing.md,
        cells: 'tbody tr td, tbody tr td.num, tbody tr td.market',
      })}
    tbody tr {
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tbody tr:last-of-type {
      border-bottom: none;
    }
    td.wide {
      grid-column: 1 / -1;
    }
    td:empty {
      display: none;
    }
    /* UserText's one- or two-line cut (lines) is for the table's narrow columns; a card shows it all. */
    td.wide [title] {
      display: inline;
      overflow: visible;
      white-space: normal;
      -webkit-line-clamp: none;
      line-clamp: none;
    }
  }
`;
