import * as Dialog from '@radix-ui/react-dialog';
import styled from 'styled-components';

/**
 * The centred card of a modal question (reconnect, leave the machine): its layer sits just above
 * its Backdrop's (`$layer` + 1), its width fits a phone with a margin.
 */
export const DialogPanel = styled(Dialog.Content)<{ $layer: number; $width?: number }>`
  position: fixed;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  z-index: ${({ $layer }) => $layer + 1};
  width: min(${({ $width = 440 }) => $width}px, calc(100% - 32px));
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  h2 { margin: 0 0 8px; font-size: 1.2rem; }
  p { margin: 0 0 16px; color: ${({ theme }) => theme.colors.textMuted}; }
  p[role='alert'] { color: ${({ theme }) => theme.colors.danger}; }
`;

/** The question's answers, side by side, wrapping on a narrow screen. */
export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
