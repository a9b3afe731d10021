import type { HTMLAttributes, ReactNode } from 'react';
import styled from '@emotion/styled';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Titles = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 1.2;
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export interface PageHeadingProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The page's one `<h1>`. */
  readonly children: ReactNode;
  readonly description?: ReactNode;
  readonly actions?: ReactNode;
}

export function PageHeading({ children, description, actions, ...rest }: PageHeadingProps) {
  return (
    <Header {...rest}>
      <Titles>
        <Title>{children}</Title>
        {description !== undefined && <Description>{description}</Description>}
      </Titles>
      {actions !== undefined && <Actions>{actions}</Actions>}
    </Header>
  );
}
