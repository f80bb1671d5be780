import styled from 'styled-components';

/** The account screens' card; their form parts are the shared ones of src/ui/form.ts. */
export { Field, FieldError, FieldHint, Input, Select } from '../../../ui/form.ts';

export const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  min-width: 0;
  h2 { margin: 0; font-size: 1.05rem; }
`;
