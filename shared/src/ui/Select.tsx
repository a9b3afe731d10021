import styled from '@emotion/styled';
import { fieldStyles } from './fieldStyles';

/** A native select (keyboard and screen-reader behaviour for free) with the theme's look. */
export const Select = styled.select`
  ${({ theme }) => fieldStyles(theme)}
  appearance: none;
  cursor: pointer;
  padding-inline-end: calc(${({ theme }) => theme.spacing.md} + 1em);
  /* The arrow is drawn in currentColor so it follows the theme's text colour. */
  background-image:
    linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%);
  background-size: 0.35em 0.35em;
  background-repeat: no-repeat;
  background-position:
    right calc(${({ theme }) => theme.spacing.md} + 0.35em) center,
    right ${({ theme }) => theme.spacing.md} center;

  [dir='rtl'] & {
    background-position:
      left ${({ theme }) => theme.spacing.md} center,
      left calc(${({ theme }) => theme.spacing.md} + 0.35em) center;
  }
`;
