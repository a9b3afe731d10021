import { styled } from '@prds/shared/theme';

/** The header's compact <select> (language, network); `$block` fills the mobile menu's width. */
export const HeaderSelect = styled.select<{ $block?: boolean }>`
  height: 36px;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  max-width: ${({ $block }) => ($block ? 'none' : '10em')};
  padding: 0 ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  text-overflow: ellipsis;
  cursor: pointer;
`;
