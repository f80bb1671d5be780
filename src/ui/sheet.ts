import * as Dialog from '@radix-ui/react-dialog';
import styled, { keyframes } from 'styled-components';

/**
 * A dialog that slides in from one edge and runs the page's full height: the phone's menu
 * drawer (start edge) and the chat and quick panels (end edge). Logical edges, so it mirrors
 * for right-to-left.
 */

const slideIn = keyframes`
  from { transform: translateX(calc(100% * var(--reading) * var(--side))); }
  to { transform: none; }
`;

export const SheetContent = styled(Dialog.Content)<{ $edge: 'start' | 'end'; $width: string; $layer: number }>`
  --reading: 1;
  --side: ${({ $edge }) => ($edge === 'start' ? -1 : 1)};
  [dir='rtl'] & { --reading: -1; }
  position: fixed;
  inset-block: 0;
  ${({ $edge }) => ($edge === 'start' ? 'inset-inline-start: 0;' : 'inset-inline-end: 0;')}
  z-index: ${({ $layer }) => $layer};
  display: flex;
  flex-direction: column;
  width: ${({ $width }) => $width};
  background: ${({ theme }) => theme.colors.surface};
  ${({ $edge }) => ($edge === 'start' ? 'border-inline-end' : 'border-inline-start')}: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 0 40px rgb(0 0 0 / 55%);
  animation: ${slideIn} 0.2s ease-out;
  &:focus { outline: none; }
`;

/** The sheet's title row: as high as the toolbar, the close button at the end. */
export const SheetHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  min-height: 64px;
  padding-inline: 16px 8px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
