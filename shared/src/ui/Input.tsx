import styled from '@emotion/styled';
import { fieldStyles } from './fieldStyles';

/** A text field; give it a `<label>` or an `aria-label`, and `aria-invalid` when its value is wrong. */
export const Input = styled.input`
  ${({ theme }) => fieldStyles(theme)}
`;
